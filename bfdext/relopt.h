/* relopt.h -- public interface of the relopt core library (bfdext).

   relopt rewrites ELF relocatable objects (ET_REL) so that runtime module
   loaders do less work: it adds SysV .hash and GNU .gnu.hash tables over
   .symtab, suffix-merges .strtab deterministically and sorts ARM/AArch64
   branch relocations by target.  The output contract is doc/design.md
   ("Output contract"); doc/relopt.1 and README.md describe the command.

   Conventions of this interface:
   - The library has no global state and never prints or exits.  Every
     function that can fail takes a `struct relopt_error *' and returns 0
     on success or a negative RELOPT_E_* code; the error then holds a
     one-line message that names the section or symbol involved but not the
     file (the caller prefixes "relopt: FILE: ").
   - Sizes and offsets are in bytes unless a comment says "entries".
   - Objects returned through `**' out-parameters are owned by the caller
     and released with the matching free function (or free(3) for plain
     buffers).  */

#ifndef RELOPT_H
#define RELOPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C"
{
#endif

  /* Error codes (negative return values).  */
  enum relopt_errcode
  {
    RELOPT_OK = 0,
    RELOPT_E_NOMEM = -1,       /* out of memory */
    RELOPT_E_IO = -2,          /* read/write/rename failed (errno in msg) */
    RELOPT_E_FORMAT = -3,      /* malformed or truncated ELF */
    RELOPT_E_UNSUPPORTED = -4, /* valid ELF that relopt does not handle
                                  (ET_EXEC/ET_DYN, program headers...) */
    RELOPT_E_SIGNATURE = -5,   /* data after the ELF image (module signature)
                                  and drop_signature not set */
    RELOPT_E_REFUSE = -6,      /* relopt refuses to transform safely (unknown
                                  section linked to .symtab, ...) */
    RELOPT_E_CHECK = -7,       /* --check found an inconsistency */
    RELOPT_E_USAGE = -8        /* bad option name or value */
  };

  /* Error value: CODE is a relopt_errcode, MSG a NUL-terminated line without
     trailing newline.  Zero-initialise before use.  */
  struct relopt_error
  {
    int code;
    char msg[512];
    bool at_output; /* set by the writers (relopt_replace_file_with and
                       what calls it): the error is about the output
                       file, so a caller names that file, not the input */
  };

  /* Set ERR to CODE and a printf-style message (made one line of
     printable ASCII); returns CODE.  The one way an error is made, in the
     library and by its callers' hooks (bfdext/error.c).  */
  int relopt_set_error (struct relopt_error *err, int code, const char *fmt,
                        ...) __attribute__ ((format (printf, 3, 4)));

  /* Hash table styles, as bits.  */
  enum relopt_hash_style
  {
    RELOPT_HASH_NONE = 0,
    RELOPT_HASH_SYSV = 1, /* SHT_HASH, SysV gABI "Hash Table" */
    RELOPT_HASH_GNU = 2,  /* SHT_GNU_HASH, as implemented in glibc/binutils */
    RELOPT_HASH_BOTH = 3
  };

  /* When to write .addrorder, the symbol address order (doc/design.md 9).  */
  enum relopt_addr_order
  {
    RELOPT_ADDR_ORDER_AUTO = 0, /* in Linux kernel modules (a section
                                   named .gnu.linkonce.this_module) */
    RELOPT_ADDR_ORDER_YES = 1,  /* in every ET_REL */
    RELOPT_ADDR_ORDER_NO = 2    /* never; one relopt appended is removed */
  };

  /* What relopt's own strip removes before the rewrite (doc/relopt.1,
     "STRIPPING"; bfdext/stripdebug.c): what binutils 2.40 strip
     --strip-debug / --strip-unneeded removes from an ET_REL object.  */
  enum relopt_strip_mode
  {
    RELOPT_STRIP_NONE = 0,
    RELOPT_STRIP_DEBUG = 1,   /* debug sections, their relocations, the
                                 symbols only they needed */
    RELOPT_STRIP_UNNEEDED = 2 /* that, and every symbol no relocation or
                                 group needs that is not global or weak */
  };

  /* What a rewrite does.  Initialise with relopt_options_init; change with
     relopt_apply_option (the command, from getopt_long) or
     relopt_parse_option (the ld plugin, from -plugin-opt).  */
  struct relopt_options
  {
    unsigned hash_style;     /* RELOPT_HASH_* bits; default RELOPT_HASH_SYSV */
    bool hash_style_given;   /* hash-style= was parsed: --check then also
                                requires the tables it names */
    unsigned addr_order;     /* RELOPT_ADDR_ORDER_*; default auto */
    bool merge_strtab;       /* suffix-merge .strtab; default true */
    bool sort_branch_relocs; /* ARM/AArch64 branch order; default true */
    bool drop_signature;     /* accept and drop trailing data; default false */
    unsigned strip;          /* RELOPT_STRIP_*, done first; default none.
                                Not a -plugin-opt: the command sets it */
    bool stats;   /* caller wants statistics printed; default false */
    bool verbose; /* plugin: say what it does; default false */
    bool flush;   /* fsync a file that replaces an existing one
                     before the rename; default true.  Not an
                     option: the plugin clears it, since ld does
                     not flush the output it hands over either
                     (doc/relopt.1, FILES AND DURABILITY) */
  };

  /* Set OPTS to the defaults listed in struct relopt_options.  */
  void relopt_options_init (struct relopt_options *opts);

  /* The options of relopt, one table for the command and the ld plugin
     (bfdext/options.c): the command builds its getopt_long table and its
     --help from it, and relopt_parse_option reads -plugin-opt with it.
     Indices into relopt_option_table, in --help order.  */
  enum relopt_option_id
  {
    RELOPT_OPTION_HASH_STYLE,
    RELOPT_OPTION_ADDR_ORDER,
    RELOPT_OPTION_NO_MERGE_STRTAB,
    RELOPT_OPTION_MERGE_STRTAB,
    RELOPT_OPTION_NO_SORT_BRANCH_RELOCS,
    RELOPT_OPTION_SORT_BRANCH_RELOCS,
    RELOPT_OPTION_OUTPUT,
    RELOPT_OPTION_STRIP_DEBUG,
    RELOPT_OPTION_STRIP_UNNEEDED,
    RELOPT_OPTION_DROP_SIGNATURE,
    RELOPT_OPTION_CHECK,
    RELOPT_OPTION_AGAINST,
    RELOPT_OPTION_STATS,
    RELOPT_OPTION_VERBOSE,
    RELOPT_OPTION_PLUGIN_PATH,
    RELOPT_OPTION_HELP,
    RELOPT_OPTION_VERSION,
    RELOPT_OPTION_COUNT
  };

  /* Who takes an option (bits of relopt_option_info.scope).  The plugin
     takes exactly the options that set struct relopt_options, since that
     is all the plugin has; the command takes the others too.  */
  enum relopt_option_scope
  {
    RELOPT_SCOPE_COMMAND = 1, /* relopt --NAME[=ARG] */
    RELOPT_SCOPE_PLUGIN = 2,  /* ld -plugin-opt NAME[=ARG] */
    RELOPT_SCOPE_BOTH = 3
  };

  /* One option.  */
  struct relopt_option_info
  {
    const char *name; /* long name without "--": --NAME, -plugin-opt NAME */
    const char *short_names; /* the command's short forms, one character
                                each ("gSd": -g, -S, -d, as binutils
                                strip spells --strip-debug), or NULL */
    const char *arg;  /* NULL: takes no argument; else it requires one, and
                         this is its name in --help ("STYLE"): --NAME=ARG,
                         -C ARG, -plugin-opt NAME=ARG */
    unsigned scope;   /* RELOPT_SCOPE_* bits */
    const char *help; /* --help text: lines of at most 52 columns,
                         separated by '\n', no trailing newline */
  };

  /* The table, indexed by enum relopt_option_id.  */
  extern const struct relopt_option_info
      relopt_option_table[RELOPT_OPTION_COUNT];

  /* Apply option ID with argument ARG (NULL for an option without one) to
     OPTS.  ID must be a plugin-scope option (one that sets struct
     relopt_options).  Returns 0, or RELOPT_E_USAGE with a message naming
     the bad value (hash-style, addr-order) or the option (not a rewrite
     option).  */
  int relopt_apply_option (struct relopt_options *opts,
                           enum relopt_option_id id, const char *arg,
                           struct relopt_error *err);

  /* The ld plugin's parser: apply one -plugin-opt OPTION, "NAME" or
     "NAME=ARG", where NAME is a plugin-scope option of relopt_option_table
     written exactly (no abbreviation, no leading "--").  Returns 0, or
     RELOPT_E_USAGE with a message: unknown option, an option of the
     command only, a missing or unexpected argument, a bad value.  */
  int relopt_parse_option (struct relopt_options *opts, const char *option,
                           struct relopt_error *err);

  /* What a rewrite did, for --stats.  All counts are entries unless named
     "_bytes".  Chain figures are over non-empty buckets; a style that was not
     built has nbucket 0.  */
  struct relopt_stats
  {
    uint64_t file_bytes_before, file_bytes_after;
    uint64_t strtab_bytes_before, strtab_bytes_after;
    uint64_t trailer_bytes; /* bytes after the ELF image, dropped */
    uint32_t nsyms;         /* .symtab entries including index 0 */
    uint32_t symbols_moved; /* entries whose index changed */
    uint32_t sysv_nbucket, sysv_nhashed, sysv_max_chain;
    double sysv_mean_chain;
    uint32_t gnu_nbucket, gnu_nhashed, gnu_symoffset, gnu_max_chain;
    double gnu_mean_chain;
    uint32_t gnu_bloom_bits;  /* bloom words * ELF class bits */
    uint32_t addrorder_count; /* .addrorder entries; 0 when not written */
    bool addrorder;           /* .addrorder was written */
    uint64_t branch_relocs;   /* ARM/AArch64 branch relocations */
    uint64_t branch_targets;  /* distinct (type, symbol, addend) keys */
    uint32_t reloc_sections_sorted; /* sections whose order changed */
    bool file_unchanged;            /* relopt_rewrite_file: the result
                                       equalled the file, which was left
                                       untouched */
  };

  /* Receives one line of a report (no newline); CTX as passed.  */
  typedef void (*relopt_report_fn) (void *ctx, const char *line);

  /* The --stats report of S, one call of EMIT per line ("file size ...",
     ".strtab ...", ".hash ...", ...), the same for the command and the ld
     plugin.  */
  void relopt_stats_report (const struct relopt_stats *s,
                            relopt_report_fn emit, void *ctx);

  /* The ET_REL image: the file's bytes plus a decoded view of the ELF header,
       section headers and symbol table.  Opaque; see image.h inside bfdext. */
  typedef struct relopt_image relopt_image;

  /* Parse LEN bytes at BUF (copied; BUF may be freed afterwards) as an ELF
     relocatable object, validating every offset and size the library will
     use.  On success *IMGP is a new image to release with
     relopt_image_free.  Errors: RELOPT_E_FORMAT, RELOPT_E_UNSUPPORTED,
     RELOPT_E_NOMEM.  */
  int relopt_image_read_mem (const unsigned char *buf, size_t len,
                             relopt_image **imgp, struct relopt_error *err);

  /* Where the ELF data of a file ends (bytes: the furthest of the ELF
     header, the section header table and every section's contents; a
     module signature follows it), known from the first LEN bytes BUF of
     the file once they hold the ELF header and the whole section header
     table; 0 while they do not, or when those are malformed (then
     relopt_image_read_mem says why).  Section extents are not checked
     against LEN: the end may lie beyond it.  Lets a decompressor stop on
     a small file that expands without bound.  */
  uint64_t relopt_elf_end_of_prefix (const unsigned char *buf, size_t len);

  /* Read the file PATH and parse it as relopt_image_read_mem does.
     Errors as there plus RELOPT_E_IO.  */
  int relopt_image_read_file (const char *path, relopt_image **imgp,
                              struct relopt_error *err);

  /* Release IMG and everything it owns.  NULL is allowed.  */
  void relopt_image_free (relopt_image *img);

  /* Transform IMG in memory as OPTS says (doc/design.md "Output contract").
     STATS may be NULL.  Errors: RELOPT_E_SIGNATURE, RELOPT_E_REFUSE,
     RELOPT_E_FORMAT, RELOPT_E_NOMEM.  On error IMG is unusable and must
     only be freed.  */
  int relopt_rewrite (relopt_image *img, const struct relopt_options *opts,
                      struct relopt_stats *stats, struct relopt_error *err);

  /* Lay out IMG and write its bytes into a new malloc'd buffer *OUTP of
     *LENP bytes (owned by the caller).  The layout is a pure function of
     the image: ELF header, section contents in section index order each at
     its sh_addralign, then the section header table.  */
  int relopt_image_serialize (const relopt_image *img, unsigned char **outp,
                              size_t *lenp, struct relopt_error *err);

  /* A codec for compressed modules, supplied by the caller (the command's
     src/compress.c; the library links no compressor).  DECODE: when RAW
     (RAWLEN bytes, the input as read) is compressed, *ELFP (malloc'd,
     owned by the caller) and *ELFLENP get the object; when it is not,
     *ELFP stays NULL; returns 0 or an error.  ENCODE (may be NULL: the
     result stays uncompressed): ELF/ELFLEN compressed in RAW's format
     into *OUTP (malloc'd), *OUTLENP bytes.  CTX is passed to both.  */
  struct relopt_codec
  {
    int (*decode) (void *ctx, const unsigned char *raw, size_t rawlen,
                   unsigned char **elfp, size_t *elflenp,
                   struct relopt_error *err);
    int (*encode) (void *ctx, const unsigned char *raw, size_t rawlen,
                   const unsigned char *elf, size_t elflen,
                   unsigned char **outp, size_t *outlenp,
                   struct relopt_error *err);
    void *ctx;
  };

  /* A strip program run before the rewrite instead of relopt's own strip
     (the command's src/strip.c, for $RELOPT_STRIP).  RUN strips the LEN
     bytes at ELF (PATH, when not NULL, is a file holding exactly those
     bytes that the program may read instead of a copy) into *OUTP
     (malloc'd), *OUTLENP bytes; returns 0 or an error.  */
  struct relopt_strip_program
  {
    int (*run) (void *ctx, const char *path, const unsigned char *elf,
                size_t len, unsigned char **outp, size_t *outlenp,
                struct relopt_error *err);
    void *ctx;
  };

  /* Where relopt_pipeline reads and writes.  Source: the file INPATH, or
     the INLEN bytes at IN when INPATH is NULL.  Sink: memory when OUTP is
     not NULL (*OUTP malloc'd, owned by the caller, *OUTLENP bytes), else
     the file OUTPATH, else INPATH in place.  CODEC (may be NULL) decodes
     a compressed input and encodes the result in its format; STRIP (may
     be NULL) is a strip program run first (struct relopt_strip_program).
     Zero-initialise, then set what applies.  */
  struct relopt_route
  {
    const char *inpath;
    const unsigned char *in;
    size_t inlen;
    const char *outpath;
    unsigned char **outp;
    size_t *outlenp;
    const struct relopt_codec *codec;
    const struct relopt_strip_program *strip;
  };

  /* A whole rewrite, read to write, as ROUTE says (bfdext/pipeline.c; the
     steps are listed there): read the input (a file is mapped, not
     copied), decode it, run a strip program, run the passes of
     relopt_rewrite, lay the result out, encode it and write it.  A file
     is written to a temporary file in the destination's directory and
     renamed over it only when complete, so on any failure the
     destination and the input are byte-identical to what they were; in
     place, a symbolic link's target is rewritten, the file mode is kept,
     and a result equal to the input (its ELF bytes, for a compressed
     module) leaves the file untouched (no write, no rename: same inode,
     same mtime; STATS->file_unchanged).  A plain file written to a file
     is written in order through one 128 KiB buffer, the sections no pass
     changed read into it from the input with pread.  STATS may be NULL; its
     sizes are the ELF object's (uncompressed).  Errors: those of
     relopt_image_read_mem, relopt_rewrite and the codec or strip program,
     RELOPT_E_IO.  */
  int relopt_pipeline (const struct relopt_route *route,
                       const struct relopt_options *opts,
                       struct relopt_stats *stats, struct relopt_error *err);

  /* Read, rewrite and serialize in one call: IN/INLEN is the input object,
   *OUTP and *OUTLEN the new object (malloc'd, owned by the caller).
   relopt_pipeline from memory to memory.  */
  int relopt_rewrite_mem (const unsigned char *in, size_t inlen,
                          const struct relopt_options *opts,
                          unsigned char **outp, size_t *outlenp,
                          struct relopt_stats *stats,
                          struct relopt_error *err);

  /* Rewrite the file INPATH and write the result to OUTPATH, or in place
     when OUTPATH is NULL.  The output is written to a temporary file in the
     destination's directory and renamed over it only when complete, so on
     any failure the destination (and the input) are byte-identical to what
     they were.  In place, a symbolic link's target is rewritten and the
     file mode is kept.  In place, a result equal to the file's bytes
     leaves the file untouched (no write, no rename: same inode, same
     mtime; doc/design.md 7), so make and hard links see no change.  With
     OUTPATH the output is always written (OUTPATH may be a different file from
     one run to the next; comparing it first would cost a read of a file
     the caller asked to replace).  Errors: any of the above plus
     RELOPT_E_IO.  */
  /* relopt_pipeline from the file INPATH to OUTPATH (or in place).  */
  int relopt_rewrite_file (const char *inpath, const char *outpath,
                           const struct relopt_options *opts,
                           struct relopt_stats *stats,
                           struct relopt_error *err);

  /* Read the whole file PATH into a new malloc'd buffer *BUFP of *LENP
     bytes (bfdext/fileio.c).  Refuses what is not a regular file.
     Errors: RELOPT_E_IO naming the system error, RELOPT_E_NOMEM.  */
  int relopt_read_whole_file (const char *path, unsigned char **bufp,
                              size_t *lenp, struct relopt_error *err);

  /* Write LEN bytes at BUF to PATH atomically (temporary file in the same
     directory, fsync, rename).  When MODE_FROM is not NULL the new file gets
     that file's permission bits, else 0666 & ~umask.  A symlink at PATH is
     followed and its target replaced.  Errors: RELOPT_E_IO; PATH unchanged
     and no temporary file left behind.  */
  int relopt_replace_file (const char *path, const unsigned char *buf,
                           size_t len, const char *mode_from,
                           struct relopt_error *err);

  /* Verify that IMG is what relopt with OPTS guarantees: every .hash and
     .gnu.hash present is structurally sound, linked to .symtab, built for
     this symtab (every hashed symbol is found at its index, absent names are
     not), when OPTS->hash_style_given the tables OPTS->hash_style asks for
     are present (otherwise the tables found are checked), .strtab offsets
     are valid and, unless OPTS->sort_branch_relocs is false, ARM/AArch64
     branch relocations are in relopt's order.  Returns 0, or
     RELOPT_E_CHECK with a message naming the first defect found.  */
  int relopt_check_image (const relopt_image *img,
                          const struct relopt_options *opts,
                          struct relopt_error *err);

  /* Compare the parts of two images that a rewrite must keep (doc/design.md
     1): section count at least, every original section's name, type, flags,
     alignment and, except for .symtab/.strtab/.shstrtab/relocation/group/
     hash/SYMTAB_SHNDX/addrsig sections, its contents; the symbol multiset
     (name, value, size, info, other, shndx); and every relocation as
     (section, offset, type, symbol name, addend).  Returns 0 or
     RELOPT_E_CHECK naming the first difference.  The command adds BFD's view
     on top of this.  */
  int relopt_compare_images (const relopt_image *orig,
                             const relopt_image *rewritten,
                             struct relopt_error *err);

  /* The version string of the library, e.g. "0.1".  */
  const char *relopt_version (void);

#ifdef __cplusplus
}
#endif

#endif /* RELOPT_H */
