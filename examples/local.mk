## examples: the sample "module" of the quick start.
##
## `make sample' generates C sources with examples/gen-sample.py (hundreds
## of functions calling each other, the kernel and weak hooks; see its
## docstring), compiles them with -ffunction-sections for the host and for
## 32-bit ARM (one part in Thumb-2, as ARM modules may be), and links each
## set with `ld -r' into one relocatable object, as kbuild links a module:
##   examples/sample-x86_64.o   host gcc + ld -r
##   examples/sample-arm.o      arm-linux-gnueabi-gcc + arm-linux-gnueabi-ld -r
## `make sample-extra' also builds, when the tools are installed:
##   examples/sample-aarch64.o  aarch64-linux-gnu-gcc + ld -r
##   examples/sample-x86_64-lld.o  the host objects linked by ld.lld -r
##                              (an unmerged .strtab, so relopt shrinks it)
## Nothing is built by `make all'; no binary is checked in.

EXTRA_DIST += examples/gen-sample.py examples/module.c examples/sample.h

SAMPLE_PY3 = python3
SAMPLE_NPARTS = 4
SAMPLE_NFUNCS = 100
SAMPLE_CFLAGS = -O2 -ffunction-sections -fno-pie -ffreestanding \
	-fno-strict-aliasing -Wall -Wextra
SAMPLE_CPPFLAGS = -I$(srcdir)/examples -Iexamples/gen
SAMPLE_HOST_CC = $(CC)
SAMPLE_HOST_LD = ld
SAMPLE_ARM_CC = arm-linux-gnueabi-gcc
SAMPLE_ARM_LD = arm-linux-gnueabi-ld
SAMPLE_AARCH64_CC = aarch64-linux-gnu-gcc
SAMPLE_AARCH64_LD = aarch64-linux-gnu-ld
SAMPLE_LLD = ld.lld

SAMPLE_OBJS = examples/sample-x86_64.o examples/sample-arm.o

.PHONY: sample sample-extra
sample: $(SAMPLE_OBJS)
sample-extra: sample
	@if command -v $(SAMPLE_AARCH64_CC) >/dev/null 2>&1; then \
	  $(MAKE) $(AM_MAKEFLAGS) examples/sample-aarch64.o; \
	else echo "sample-extra: $(SAMPLE_AARCH64_CC) not found, no AArch64 sample"; fi
	@if command -v $(SAMPLE_LLD) >/dev/null 2>&1; then \
	  $(MAKE) $(AM_MAKEFLAGS) examples/sample-x86_64-lld.o; \
	else echo "sample-extra: $(SAMPLE_LLD) not found, no lld sample"; fi

# The generated sources: one stamp for all of them.
examples/gen/stamp: $(srcdir)/examples/gen-sample.py
	@$(MKDIR_P) examples/gen
	$(SAMPLE_PY3) $(srcdir)/examples/gen-sample.py \
	  --files $(SAMPLE_NPARTS) --funcs $(SAMPLE_NFUNCS) --outdir examples/gen
	@touch $@

SAMPLE_DEPS = examples/gen/stamp $(srcdir)/examples/module.c \
	$(srcdir)/examples/sample.h

# sample_build OBJDIR CC LD EXTRA-CFLAGS THUMB-CFLAGS OUTPUT
# Compile module.c and every part; the last part with THUMB-CFLAGS when
# they are not empty.  Then ld -r everything into OUTPUT.
sample_build = \
	set -e; objdir=$(1); rm -rf $$objdir; $(MKDIR_P) $$objdir; \
	last=examples/gen/part`expr $(SAMPLE_NPARTS) - 1`.c; \
	for src in $(srcdir)/examples/module.c examples/gen/part*.c; do \
	  flags="$(4)"; \
	  if test -n "$(5)" && test "$$src" = "$$last"; then flags="$(5)"; fi; \
	  obj=$$objdir/`basename $$src .c`.o; \
	  echo "  $(2) $$flags -c $$src -o $$obj"; \
	  $(2) $(SAMPLE_CPPFLAGS) $(SAMPLE_CFLAGS) $$flags -c $$src -o $$obj; \
	done; \
	echo "  $(3) -r -o $(6) $$objdir/*.o"; \
	$(3) -r -o $(6) $$objdir/*.o

examples/sample-x86_64.o: $(SAMPLE_DEPS)
	@$(call sample_build,examples/obj-x86_64,$(SAMPLE_HOST_CC),$(SAMPLE_HOST_LD),,,$@)

examples/sample-arm.o: $(SAMPLE_DEPS)
	@command -v $(SAMPLE_ARM_CC) >/dev/null 2>&1 || { \
	  echo "$@: $(SAMPLE_ARM_CC) not found (scripts/install-deps.sh installs it)" >&2; \
	  exit 1; }
	@$(call sample_build,examples/obj-arm,$(SAMPLE_ARM_CC),$(SAMPLE_ARM_LD),-marm,-mthumb -march=armv7-a,$@)

examples/sample-aarch64.o: $(SAMPLE_DEPS)
	@$(call sample_build,examples/obj-aarch64,$(SAMPLE_AARCH64_CC),$(SAMPLE_AARCH64_LD),,,$@)

examples/sample-x86_64-lld.o: examples/sample-x86_64.o
	$(SAMPLE_LLD) -r -o $@ examples/obj-x86_64/*.o

clean-local: clean-sample
.PHONY: clean-sample
clean-sample:
	-rm -rf examples/gen examples/obj-x86_64 examples/obj-arm \
	  examples/obj-aarch64 examples/sample-*.o
