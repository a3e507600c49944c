/* calls.c -- link-equivalence input: many calls, tail calls, calls to
   local (static) and undefined symbols, branch relocations with non-zero
   addends.  */
extern int ext1 (int), ext2 (int), ext3 (int), ext4 (int), ext5 (int);
extern int ext6 (int), ext7 (int), ext8 (int);
extern int data_ext;
int counter;

#define NOINLINE __attribute__ ((noinline))
#define STATICS __attribute__ ((noinline, section (".text.statics")))

STATICS static int s1 (int x) { return x * 3 + data_ext; }
STATICS static int s2 (int x) { return x ^ 7; }
STATICS static int s3 (int x) { counter += x; return counter; }
NOINLINE static int s4 (int x) { return s1 (x) - s3 (x); }

/* F: three calls; T: a tail call.  */
#define F(n, a, b, c) \
  NOINLINE int f##n (int x) { return a (x) + b (x + n) * c (x - n); }
#define T(n, a) \
  NOINLINE int t##n (int x) { return a (x ^ n); }

F (0, ext1, s2, ext3)   F (1, f0, ext2, s1)     F (2, ext4, f1, s4)
F (3, s3, ext5, f2)     F (4, ext6, ext6, f3)   F (5, f4, ext7, s2)
F (6, ext8, s1, f5)     F (7, f6, f0, ext1)     F (8, ext2, s3, f7)
F (9, f8, ext3, ext4)   F (10, s4, f9, ext5)    F (11, ext1, ext1, f10)
F (12, f11, s2, ext6)   F (13, ext7, f12, s3)   F (14, f13, ext8, f1)
F (15, ext2, f14, s1)   F (16, ext3, ext3, ext3) F (17, f16, f15, ext4)
F (18, s1, s2, s3)      F (19, f18, ext5, f17)
T (0, ext1) T (1, f19) T (2, s2) T (3, ext5) T (4, t0) T (5, ext8)
T (6, s4) T (7, t6) T (8, ext1) T (9, f3)
