# plot.gp -- the benchmark's plots (bench/run.sh calls it):
#   gnuplot -e "dir='RESULTS'" bench/plot.gp
# reads RESULTS/plt-scaling.dat   (arch relocs branches targets quadratic
#                                  sort+count hashset linear; microseconds)
#       RESULTS/symbol-scaling.dat (symbols linear htab .hash .gnu.hash;
#                                  microseconds)
# writes RESULTS/plt-scaling.png and RESULTS/symbol-scaling.png.

if (!exists("dir")) dir = "bench/results"

set terminal pngcairo enhanced size 1400,600 font ",11"
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top left box opaque
set format x "10^{%L}"
set format y "10^{%L}"

set output dir."/plt-scaling.png"
set multiplot layout 1,2 title "PLT counting at module load: time vs relocations (bench/loadermodel, thread CPU time, this machine)" font ",13"
do for [arch in "arm aarch64"] {
  set title arch." (branches 24% of relocations, targets 7.8% of branches)"
  set xlabel "relocations in the module"
  set ylabel "microseconds per load"
  plot dir."/plt-scaling.dat" using ($2):(strcol(1) eq arch ? $5 : NaN) with linespoints lw 2 pt 7 title "quadratic (Linux <= 4.8)", \
       ""                    using ($2):(strcol(1) eq arch ? $6 : NaN) with linespoints lw 2 pt 5 title "sort + count (Linux today)", \
       ""                    using ($2):(strcol(1) eq arch ? $7 : NaN) with linespoints lw 2 pt 9 title "hash set (2016 proposal)", \
       ""                    using ($2):(strcol(1) eq arch ? $8 : NaN) with linespoints lw 2 pt 11 title "one linear pass (relopt order)"
}
unset multiplot

set terminal pngcairo enhanced size 900,600 font ",11"
set output dir."/symbol-scaling.png"
set title "Symbol resolution at module load: time vs symbols (ARM, bench/loadermodel, this machine)" font ",13"
set xlabel "symbols in .symtab (relocations against globals: 1.7 per symbol; plus one absent name per global)"
set ylabel "microseconds per load (all lookups)"
plot dir."/symbol-scaling.dat" using 1:2 with linespoints lw 2 pt 7 title "linear strcmp scan (link\\_elf\\_obj)", \
     ""                       using 1:3 with linespoints lw 2 pt 5 title "hash table built at load (libiberty htab)", \
     ""                       using 1:4 with linespoints lw 2 pt 9 title ".hash (relopt)", \
     ""                       using 1:5 with linespoints lw 2 pt 11 title ".gnu.hash, bloom first (relopt)"
