/* stats.c -- the `--stats' report: what a rewrite did (struct
   relopt_stats) as lines of text, the same lines for the command, which
   prints them under the file name, and for the ld plugin, which sends
   each through ld's message callback.  */

#include <config.h>
#include <stdarg.h>
#include <stdio.h>
#include "relopt.h"

/* Format one line (at most 255 bytes) and hand it to EMIT.  */
static void
report (relopt_report_fn emit, void *ctx, const char *fmt, ...)
{
  char line[256];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (line, sizeof line, fmt, ap);
  va_end (ap);
  emit (ctx, line);
}

/* A hash table's line: NAME, its buckets, the symbols hashed (then
   WHERE, the GNU table's symoffset and bloom size) and its chains.  */
static void
report_table (relopt_report_fn emit, void *ctx, const char *name,
              uint32_t nbucket, uint32_t nhashed, const char *where,
              uint32_t max_chain, double mean_chain)
{
  report (emit, ctx,
          "%-15s %10u buckets, %u hashed%s, longest chain %u, mean %.2f", name,
          nbucket, nhashed, where, max_chain, mean_chain);
}

void
relopt_stats_report (const struct relopt_stats *s, relopt_report_fn emit,
                     void *ctx)
{
  report (emit, ctx, "file size       %10llu -> %llu bytes (%+lld)",
          (unsigned long long)s->file_bytes_before,
          (unsigned long long)s->file_bytes_after,
          (long long)s->file_bytes_after - (long long)s->file_bytes_before);
  report (emit, ctx, ".strtab         %10llu -> %llu bytes (%+lld)",
          (unsigned long long)s->strtab_bytes_before,
          (unsigned long long)s->strtab_bytes_after,
          (long long)s->strtab_bytes_after
              - (long long)s->strtab_bytes_before);
  if (s->trailer_bytes)
    report (emit, ctx, "trailer dropped %10llu bytes",
            (unsigned long long)s->trailer_bytes);
  report (emit, ctx, "symbols         %10u (%u moved)", s->nsyms,
          s->symbols_moved);
  if (s->sysv_nbucket)
    report_table (emit, ctx, ".hash", s->sysv_nbucket, s->sysv_nhashed, "",
                  s->sysv_max_chain, s->sysv_mean_chain);
  if (s->gnu_nbucket)
    {
      char from[64];
      snprintf (from, sizeof from, " from symoffset %u, bloom %u bits",
                s->gnu_symoffset, s->gnu_bloom_bits);
      report_table (emit, ctx, ".gnu.hash", s->gnu_nbucket, s->gnu_nhashed,
                    from, s->gnu_max_chain, s->gnu_mean_chain);
    }
  if (s->addrorder)
    report (emit, ctx, ".addrorder      %10u symbols in address order",
            s->addrorder_count);
  if (s->branch_relocs)
    report (emit, ctx,
            "branch relocs   %10llu, %llu distinct targets, %u sections "
            "reordered",
            (unsigned long long)s->branch_relocs,
            (unsigned long long)s->branch_targets, s->reloc_sections_sorted);
}
