#!/usr/bin/env python3
"""Turns eyecite's citation-finding tests into data lexduck can test against.

eyecite (github freelawproject/eyecite, BSD-2-Clause) is the reference for
U.S. citations. Its tests/test_FindTest.py lists (text, [expected citations],
options) tuples built with factory calls (case_citation(volume=..., ...),
id_citation(...), supra_citation(...)). This script reads that file with
Python's ast module, never importing or running eyecite, and writes one JSON
object per tuple: the text, the cleaning steps, and each expected citation
with the factory's defaults applied (volume '1', reporter 'U.S.', page '1').

    git -C EYECITE show HEAD:tests/test_FindTest.py > /tmp/find.py
    python3 gen.py /tmp/find.py COMMIT > find.jsonl
"""
import ast, json, sys

src = open(sys.argv[1]).read()
commit = sys.argv[2] if len(sys.argv) > 2 else ''
tree = ast.parse(src)

def literal(node):
    try:
        return ast.literal_eval(node)
    except Exception:
        return None

def citation(call):
    name = call.func.id if isinstance(call.func, ast.Name) else None
    if name is None:
        return None
    kw = {k.arg: literal(k.value) for k in call.keywords if k.arg}
    args = [literal(a) for a in call.args]
    out = {'type': name.replace('_citation', '')}
    if name == 'case_citation':
        out.update(volume=kw.get('volume', '1'), reporter=kw.get('reporter', 'U.S.'), page=kw.get('page', '1'),
                   short=bool(kw.get('short', False)))
        if 'reporter_found' in kw:
            out['reporter_found'] = kw['reporter_found']
        md = kw.get('metadata') or {}
        if out['short'] and 'pin_cite' not in md:
            md['pin_cite'] = out['page']
        year = kw.get('year') or md.get('year')
        if year:
            out['year'] = int(str(year)[:4]) if str(year)[:4].isdigit() else None
        for k in ('pin_cite', 'court', 'antecedent_guess'):
            if md.get(k) is not None:
                out[k] = md[k]
    else:
        if args and isinstance(args[0], str):
            out['source_text'] = args[0]
        md = kw.get('metadata') or {}
        for k in ('pin_cite', 'antecedent_guess', 'volume'):
            if md.get(k) is not None:
                out[k] = md[k]
    return out

pairs = []
for fn in ast.walk(tree):
    if not isinstance(fn, ast.FunctionDef) or not fn.name.startswith('test_'):
        continue
    for node in ast.walk(fn):
        if not isinstance(node, ast.Tuple) or len(node.elts) < 2:
            continue
        q, cites = node.elts[0], node.elts[1]
        if not (isinstance(q, ast.Constant) and isinstance(q.value, str)) and not isinstance(q, ast.BinOp):
            continue
        text = literal(q)
        if not isinstance(text, str) or not isinstance(cites, ast.List):
            continue
        expected = []
        ok = True
        for c in cites.elts:
            if not isinstance(c, ast.Call):
                ok = False
                break
            e = citation(c)
            if e is None:
                ok = False
                break
            expected.append(e)
        if not ok:
            continue
        opts = literal(node.elts[2]) if len(node.elts) > 2 else {}
        if not isinstance(opts, dict):
            opts = {}
        pairs.append({'test': fn.name, 'line': node.lineno, 'text': text,
                      'clean_steps': opts.get('clean_steps', []), 'expected': expected})

print(json.dumps({'source': 'freelawproject/eyecite tests/test_FindTest.py', 'commit': commit}))
for p in pairs:
    print(json.dumps(p, ensure_ascii=False, sort_keys=True))
