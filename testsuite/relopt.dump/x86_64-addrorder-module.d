#name: --addr-order=auto writes .addrorder in a kernel module (x86_64)
#source: addrorder-module.s
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -x .addrorder
# Default options: .gnu.hash (GNU order) and, since the file has a
# .gnu.linkonce.this_module section, .addrorder.  gas keeps .L names out
# of .symtab; the final symtab (locals first, then the globals in GNU
# order: printk undefined first, then the hashed ones by bucket):
#   1 mod.c FILE ABS 0     2 init_one .text+0   3 $x .text+1
#   4 tie_b .text+1        5 L0local .text+2    6 L1keep .text+2
#   7 printk UND, then tie_a (.text+1), __this_module (section 4, +0)
#   and abs_sym (ABS 0x40) in some bucket order: readelf -s below.
# Considered: not $x, not L0local, not printk; mod.c, L1keep, abs_sym
# are.  By (section, value, index): .text 0 init_one(2); 1 tie_b(4) and
# tie_a (a higher index, globals follow locals); 2 L1keep(6);
# .gnu.linkonce.this_module 0 __this_module; ABS 0 mod.c(1), 0x40 abs_sym.
# The words, with the global indices as readelf -s shows them
# (tie_a 8, __this_module 9, abs_sym 10 for this gas):
#   {2, 4, 8, 6, 9, 1, 10}

Hex dump of section '\.addrorder':
  0x00000000 02000000 04000000 08000000 06000000 .*
  0x00000010 09000000 01000000 0a000000 +.*
