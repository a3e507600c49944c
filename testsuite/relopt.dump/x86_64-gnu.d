#name: GNU .gnu.hash words (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -x .gnu.hash
# Input symtab (gas): 0 null, 1 local_a, 2 local_b (locals; sh_info 3),
# 3 write_reg, 4 printk (UND), 5 read_reg, 6 dev_hook (weak UND),
# 7 probe, 8 dev_count.
# GNU order (doc/design.md 3): locals stay; then the unhashed (undefined)
# globals in original order: printk, dev_hook; then the 4 hashed ones by
# (bucket, original index) with nbuckets = 3 (largest elf_buckets entry
# <= 4).  GNU hash h = h * 33 + c from 5381:
#   read_reg  0xf94a101e % 3 = 0    dev_count 0x08e218cc % 3 = 0
#   write_reg 0xf5d8e7ad % 3 = 1    probe     0x102a20fd % 3 = 1
# Final: 0 null, 1 local_a, 2 local_b, 3 printk, 4 dev_hook, 5 read_reg,
# 6 dev_count, 7 write_reg, 8 probe; symoffset 5.
# Bloom (symhash.h, n = 4, a power of two: header and bfd readings
# agree): L = 3, 4 & (1 << 1) = 0 -> bits = L + 2 = 5, raised to 6 for
# 64-bit; shift2 = 6; maskwords = 2^6 / 64 = 1.  Each symbol sets bits
# h % 64 and (h >> 6) % 64 of word (h / 64) & 0:
#   read_reg 30, 0   dev_count 12, 35   write_reg 45, 30   probe 61, 3
#   bloom[0] = 0x2000200840001009
# buckets = {5, 7, 0}; chain (hash with bit 0 = end of chain):
#   read_reg 0xf94a101e, dev_count 0x08e218cd (end), write_reg
#   0xf5d8e7ac, probe 0x102a20fd (end)
# Words: nbuckets 3, symoffset 5, maskwords 1, shift2 6, then the bloom
# word (8 bytes LE), buckets, chain: 0x34 bytes.

Hex dump of section '\.gnu\.hash':
  0x00000000 03000000 05000000 01000000 06000000 .*
  0x00000010 09100040 08200020 05000000 07000000 .*
  0x00000020 00000000 1e104af9 cd18e208 ace7d8f5 .*
  0x00000030 fd202a10 .*
