#!/usr/bin/env python3
"""Command-line mutation sweep, complementing the in-process fuzzers (bench/fuzz.sh): it runs whole checks.

    bench/sweep.py [--catcheck build/catcheck] [--inputs litmus|spirv|own|model] [--count N] [--seed S]
                   [--unmutated] [--vary] [--differential [--property program_spec|cat_spec]]

Takes programs (or, with --inputs model, our models) from the manifests, mutates them (truncation, deleted,
duplicated or swapped lines, tokens replaced by other tokens or by huge numbers, brackets and keywords) and
runs `catcheck` on each, 30 s at most.

- Robustness (default): every run must end with a verdict (exit 0), exactly one `file:line:col: error:`
  line and exit 2, or exit 3 from an incomplete enumeration; anything else (a crash, another exit code, a
  message of several lines, a timeout) is printed as BAD. `--vary` also varies property, bound, progress
  model, output format and `--enumerate`.
- Differential (`--differential`): for each mutant that checks, the solver's verdict must equal the one read
  from `--enumerate`'s list of final states (program_spec: its Ok/No/Unknown line; cat_spec: FAIL when a
  flag fires, else Unknown or PASS); a difference is printed as DISAGREE.

Every find, once fixed, goes into tests/bad-input/ or a unit test. Needs python3 (not part of the build).
"""
import argparse, csv, os, random, re, subprocess, tempfile

SUITE = '../shared/suite'
ONE_ERROR_LINE = re.compile(r'^[^\n]*:\d+:\d+: error: [^\n]*\n?$')
ODD_TOKENS = ['99999999999999999999999', '-1', '0', '2147483648', '4294967296', '', '%', '@', '{', '}', '(',
              ')', ';', ',', '"', 'let', 'rec', 'include', '\xff\xfe', '0x', '1e9', '%undef', '~', '|', '&', '*',
              '+', '^-1', 'OpNop', 'OpReturn', 'OpFunctionEnd', 'OpLabel', 'exists', 'forall', '/\\', '\\/',
              'P0', 'P9']


def manifest_rows(path, models, root):
    for row in csv.DictReader(open(path)):
        test = row['test'] if os.path.exists(row['test']) else os.path.join(root, row['test'])
        yield (os.path.join(models, row['model']), test, row['property'])


def cases(inputs, rng):
    """(model, test, property, which file to mutate) for each row of the chosen inputs."""
    if inputs == 'litmus':
        return [r + ('test',) for r in manifest_rows(f'{SUITE}/manifest.csv', f'{SUITE}/reference-models', SUITE)]
    if inputs == 'spirv':
        return [r + ('test',) for r in
                manifest_rows(f'{SUITE}/spirv-manifest.csv', f'{SUITE}/reference-models', SUITE)]
    if inputs == 'own':
        return [r + ('test',) for r in manifest_rows('litmus/manifest.csv', 'models', 'litmus')]
    tests = list(csv.DictReader(open(f'{SUITE}/manifest.csv')))
    result = []
    for model in sorted(os.listdir('models')):
        family = 'VULKAN' if 'vulkan' in model else 'PTX' if 'ptx' in model else None
        if family is None:
            continue
        for row in rng.sample([t for t in tests if f'/{family}/' in t['test']], 5):
            result.append((f'models/{model}', f"{SUITE}/{row['test']}", row['property'], 'model'))
    return result


def mutate(text, rng):
    lines = text.split('\n')
    op = rng.randrange(8)
    if op == 0:
        return text[:rng.randrange(len(text) + 1)], 'truncated'
    if op == 1 and len(lines) > 1:
        i = rng.randrange(len(lines))
        del lines[i]
        return '\n'.join(lines), f'line {i + 1} deleted'
    if op == 2:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return '\n'.join(lines), f'line {i + 1} duplicated'
    if op == 3 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return '\n'.join(lines), f'lines {i + 1} and {j + 1} swapped'
    tokens = [m.span() for m in re.finditer(r'[A-Za-z_%][A-Za-z0-9_.\-]*|\d+', text)]
    if not tokens:
        return text + '\x00', 'NUL appended'
    start, end = tokens[rng.randrange(len(tokens))]
    if op in (4, 5):
        s2, e2 = tokens[rng.randrange(len(tokens))]
        replacement = text[s2:e2]
    else:
        replacement = rng.choice(ODD_TOKENS)
    return text[:start] + replacement + text[end:], f'{text[start:end]!r} -> {replacement!r}'


def run(args, timeout):
    env = dict(os.environ, CATCHECK_MODELS_DIR=os.path.abspath('models'))
    return subprocess.run(args, capture_output=True, timeout=timeout, env=env)


def enumerated_verdict(output, prop):
    if prop == 'cat_spec':
        if re.search(r'^Flag ', output, re.M):
            return 'FAIL'
        return 'UNKNOWN' if re.search(r'^Unknown', output, re.M) else 'PASS'
    line = re.search(r'^(Ok|No|Unknown)\b', output, re.M)
    return {'Ok': 'PASS', 'No': 'FAIL', 'Unknown': 'UNKNOWN'}[line.group(1)] if line else None


def options(opts, prop, rng):
    if opts.differential:
        args = ['--bound', str(rng.choice([1, 1, 2])), '--property', opts.property]
    elif opts.vary:
        prop = rng.choice([prop, 'program_spec', 'cat_spec', 'termination', 'well_synchronized'])
        args = ['--bound', str(rng.choice([1, 1, 2, 3])), '--property', prop]
        if rng.random() < 0.2 and prop == 'program_spec':
            args += ['--enumerate']
        if rng.random() < 0.2:
            args += ['--format', 'json']
    else:
        return ['--bound', '1', '--property', prop]
    if rng.random() < 0.3:
        args += ['--progress', rng.choice(['FAIR', 'HSA', 'OBE', 'HSA_OBE', 'LOBE', 'UNFAIR'])]
    return args


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--catcheck', default='build/catcheck')
    parser.add_argument('--inputs', choices=['litmus', 'spirv', 'own', 'model'], default='litmus')
    parser.add_argument('--count', type=int, default=200)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--unmutated', action='store_true', help='the inputs as they are (with --vary)')
    parser.add_argument('--vary', action='store_true')
    parser.add_argument('--differential', action='store_true')
    parser.add_argument('--property', choices=['program_spec', 'cat_spec'], default='program_spec')
    opts = parser.parse_args()
    rng = random.Random(opts.seed)
    pool = cases(opts.inputs, rng)
    if opts.differential:
        pool = [c for c in pool if c[3] == 'test']
    scratch = tempfile.mkdtemp(prefix='catcheck-sweep-')
    flagged = compared = 0
    exits = {}
    for k in range(opts.count):
        model, test, prop, which = rng.choice(pool)
        target = test if which == 'test' else model
        text, how = open(target, encoding='latin-1').read(), 'unmutated'
        for _ in range(0 if opts.unmutated else rng.choice([1, 1, 2, 3])):
            text, how = mutate(text, rng)
        path = os.path.join(scratch, f'm{k}' + os.path.splitext(target)[1])
        open(path, 'w', encoding='latin-1').write(text)
        args = [opts.catcheck] + ([model, path] if which == 'test' else [path, test]) + options(opts, prop, rng)
        try:
            checked = run(args, 30)
        except subprocess.TimeoutExpired:
            flagged += 1
            print(f'BAD timeout: {" ".join(args[1:])} [{how}]')
            continue
        exits[checked.returncode] = exits.get(checked.returncode, 0) + 1
        out, err = checked.stdout.decode('latin-1'), checked.stderr.decode('latin-1')
        if opts.differential:
            if checked.returncode != 0:
                continue
            try:
                enumerated = run(args + ['--enumerate'], 60)
            except subprocess.TimeoutExpired:
                continue
            solver = re.search(r'^Result: (\w+)', out, re.M)
            mine = enumerated_verdict(enumerated.stdout.decode('latin-1'), opts.property)
            if enumerated.returncode != 0 or not solver or mine is None:
                continue
            compared += 1
            if solver.group(1) != mine:
                flagged += 1
                print(f'DISAGREE solver {solver.group(1)}, enumeration {mine}: {" ".join(args[1:])} [{how}]')
            continue
        fine = (checked.returncode == 0 or (checked.returncode == 2 and ONE_ERROR_LINE.match(err)) or
                (checked.returncode == 3 and 'enumeration incomplete' in out + err))
        if not fine:
            flagged += 1
            print(f'BAD exit {checked.returncode}: {" ".join(args[1:])} [{how}]\n    {err[:400]!r}')
    summary = f'{opts.count} inputs, exit codes {dict(sorted(exits.items()))}, {flagged} flagged'
    print(summary + (f', {compared} compared with the enumeration' if opts.differential else ''))
    return 1 if flagged else 0


if __name__ == '__main__':
    raise SystemExit(main())
