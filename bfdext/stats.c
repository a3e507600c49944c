/* stats.c -- the `--stats' report: what a rewrite did (struct
   relopt_stats) as lines of text, the same lines for the command, which
   prints them under the file name, and for the ld plugin, which sends
   each through ld's message callback.  */

#include <config.h>
#include <stdio.h>
#include "relopt.h"

void
relopt_stats_report (const struct relopt_stats *s, relopt_report_fn emit,
                     void *ctx)
{
  char line[256];

  snprintf (line, sizeof line, "file size       %10llu -> %llu bytes (%+lld)",
            (unsigned long long)s->file_bytes_before,
            (unsigned long long)s->file_bytes_after,
            (long long)s->file_bytes_after - (long long)s->file_bytes_before);
  emit (ctx, line);
  snprintf (line, sizeof line, ".strtab         %10llu -> %llu bytes (%+lld)",
            (unsigned long long)s->strtab_bytes_before,
            (unsigned long long)s->strtab_bytes_after,
            (long long)s->strtab_bytes_after
                - (long long)s->strtab_bytes_before);
  emit (ctx, line);
  if (s->trailer_bytes)
    {
      snprintf (line, sizeof line, "trailer dropped %10llu bytes",
                (unsigned long long)s->trailer_bytes);
      emit (ctx, line);
    }
  snprintf (line, sizeof line, "symbols         %10u (%u moved)", s->nsyms,
            s->symbols_moved);
  emit (ctx, line);
  if (s->sysv_nbucket)
    {
      snprintf (line, sizeof line,
                ".hash           %10u buckets, %u hashed, longest chain %u, "
                "mean %.2f",
                s->sysv_nbucket, s->sysv_nhashed, s->sysv_max_chain,
                s->sysv_mean_chain);
      emit (ctx, line);
    }
  if (s->gnu_nbucket)
    {
      snprintf (line, sizeof line,
                ".gnu.hash       %10u buckets, %u hashed from symoffset %u, "
                "bloom %u bits, longest chain %u, mean %.2f",
                s->gnu_nbucket, s->gnu_nhashed, s->gnu_symoffset,
                s->gnu_bloom_bits, s->gnu_max_chain, s->gnu_mean_chain);
      emit (ctx, line);
    }
  if (s->branch_relocs)
    {
      snprintf (line, sizeof line,
                "branch relocs   %10llu, %llu distinct targets, %u sections "
                "reordered",
                (unsigned long long)s->branch_relocs,
                (unsigned long long)s->branch_targets,
                s->reloc_sections_sorted);
      emit (ctx, line);
    }
}
