#name: refuses a relocation section that applies to .symtab
#source: x86_64-gnu.s
#target: x86_64
#pre: python3 %S/lib/set-shdr.py %i %o .rela.data info=.symtab
#error: ^relopt: [^\n]*'\.rela\.data': sh_info 6 names section 6 '\.symtab', which relocations cannot apply to
# sh_info names the section the relocations patch: never .symtab, a
# string table, a relocation section (itself included), a group or one of
# relopt's tables, which a rewrite renumbers or rebuilds (the GNU style
# moves .symtab's globals under such relocations).  relopt 0.3 accepted
# them (the fresh user of 2026-12-05).
