#!/usr/bin/env python3
# The census of PTX instruction forms in litmus/CUDA/README.md: each opcode with its qualifiers and how often
# it occurs over every .ptx file of this folder (debug .section data, directives, labels and comments aside).
# Run from the repository root: python3 litmus/CUDA/census.py
import collections
import glob

forms = collections.Counter()
files = sorted(glob.glob('litmus/CUDA/*.ptx'))
for path in files:
    in_section = False
    statement = ''
    for line in open(path):
        text = line.split('//')[0].strip()
        if not text:
            continue
        if text.startswith('.section'):
            in_section = True
        if in_section:
            in_section = not text.startswith('}')
            continue
        # A statement may span lines (a call's operand lists): collect up to its ';'.
        statement = (statement + ' ' + text).strip()
        if not statement.endswith(';') and not statement.endswith(':'):
            if statement[0] in '.$}{)(' or statement.endswith('{') or statement.endswith('}'):
                statement = ''
            continue
        whole, statement = statement, ''
        if whole[0] in '.$}{)(' or whole.endswith(':'):
            continue
        # One line may hold several statements (clang prints __trap() as `trap; exit;`).
        for text in [part.strip() + ';' for part in whole.split(';') if part.strip()]:
            if text.startswith('@'):
                text = text.split(None, 1)[1]
            opcode = text.split()[0].rstrip(';')
            if not opcode or opcode[0] in '%_' or opcode[0].isdigit():
                continue
            forms[opcode] += 1
print(f"{len(forms)} distinct instruction forms, {sum(forms.values())} instructions in {len(files)} files")
for opcode in sorted(forms):
    print(f"{forms[opcode]:5d}  {opcode}")
