# scale-plot.gp -- the kernel scale plot (boot-test.sh --scale results):
#   gnuplot -e "dir='loader/linux/results/6.12'" loader/linux/scale-plot.gp
# reads DIR/scale-arm64.dat and DIR/scale-arm.dat (parse-log.py --dat:
#   arch relocs targets 2016_on2_us 2016_on_us u/plain_us u/relopt_us
#   p/plain_us p/relopt_us p/plain_failed_check_us; "-" = no value)
# writes DIR/scale.png.  House style of bench/plot.gp.

if (!exists("dir")) dir = "loader/linux/results/6.12"

set terminal pngcairo enhanced size 1400,600 font ",11"
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top left box opaque
set format x "10^{%L}"
set format y "10^{%L}"
set datafile missing "-"

set output dir."/scale.png"
set multiplot layout 1,2 title "module\\_frob\\_arch\\_sections on Linux 6.12 under qemu -icount (1 ns = 1 guest instruction), beside the 2016 table (Cortex-A53, 1 GHz)" font ",13"
do for [arch in "arm64 arm"] {
  set title arch." (generated modules: the 2016 table's relocation and distinct-target counts)"
  set xlabel "relocations in the module"
  set ylabel "microseconds per load"
  f = dir."/scale-".arch.".dat"
  plot f using 2:6 with linespoints lw 2 pt 5 title "6.12 as today: sort + count (module as built)", \
       f using 2:8 with linespoints lw 2 pt 4 title "patched, module as built (failed check, then sort + count)", \
       f using 2:9 with linespoints lw 2 pt 11 title "patched, relopt'd module (one pass, no sort)", \
       f using 2:4 with linespoints lw 1 dt 2 pt 7 title "2016: O(n^2) count (ARM, Cortex-A53)", \
       f using 2:5 with linespoints lw 1 dt 2 pt 9 title "2016: proposed hash set (ARM, Cortex-A53)"
}
unset multiplot
