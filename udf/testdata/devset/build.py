#!/usr/bin/env python3
"""Builds the pinpoint development set from real judgments that are not fixtures.

Source: the 393 Court of Appeal (Civil Division) judgments of 2020 that the
National Archives' enrichment service (github nationalarchives/
ds-caselaw-data-enrichment-service) kept under 2020/ at commit bfc679e5
and later deleted. Crown copyright, Open Justice Licence.

    REPO=ds-caselaw-data-enrichment-service; C=bfc679e5eeeb0023dad5a5697121da473e3f61e4
    mkdir -p /tmp/devset && for f in $(git -C $REPO ls-tree --name-only $C 2020/); do
        git -C $REPO show $C:$f > /tmp/devset/$(basename $f); done
    python3 build.py /tmp/devset ../../../../shared/fixtures   # or wherever the fixtures are

Writes, next to this script:
  manifest.tsv        file, sha256, part: 'tune' if the first hex digit of the
                      file's SHA-256 is 0-7, else 'measure'
  paragraphs.jsonl.gz every paragraph that holds a four-digit year (the only
                      places a UK citation can be), text read here with
                      ElementTree, independently of lexduck's loader; not
                      committed (texts from another repository never are)
  simple.tsv          the pinpoint pairs a second, deliberately simple method
                      finds (file, paragraph number, cited neutral citation,
                      pinned paragraph)
  expected.tsv        simple.tsv corrected by adjudicated.tsv (decisions made
                      by reading each paragraph where the two methods differ)
"""
import csv, gzip, hashlib, json, os, re, sys
import xml.etree.ElementTree as ET

NS = '{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}'
HERE = os.path.dirname(os.path.abspath(__file__))

def paragraphs(path):
    root = ET.parse(path).getroot()
    for p in root.iter(NS + 'paragraph'):
        num = p.find(NS + 'num')
        n = ''.join(num.itertext()).strip().rstrip('.') if num is not None else ''
        parts = []
        for child in p:
            if child.tag == NS + 'num':
                continue
            parts.append(' '.join(child.itertext()))
        text = ' '.join(' '.join(parts).split())
        yield (int(n) if n.isdigit() else 0), text

COURT = r'(UKSC|UKHL|UKPC|EWCA\s+(?:Civ|Crim)|EWHC|EWCOP|EWFC|UKUT|UKFTT|UKEAT|EAT|CAT|UKAIT|CSIH|CSOH|NICA)'
CITE = re.compile(r'[\[(](\d{4})[\])]\s+' + COURT + r'\s+(\d+)(?:\s*\((Admin|Ch|QB|KB|Comm|Fam|TCC|Pat|IPEC|Costs|Admlty|Mercantile|IAC|AAC|LC|TC|GRC|COP)\))?')
AT_BRACKET = re.compile(r'\bat\s+\[(\d+)')
DIRECT = re.compile(r'^[\s,;(]*\[(\d+)')
PARA = re.compile(r'\b(?:at\s+)?(?:para|paras|paragraph|paragraphs)\.?\s*\[?(\d+)(?!\d|\.\d)')
MORE = re.compile(r'^(?:\s?\([ivxa-z]+\))?\]?\s*(?:(-|–|to)|,|and|&)\s*\[?(\d+)(?!\d|\.\d)')
SENTENCE = re.compile(r'\.\s+[A-Z]')
# any law report ("[2014] 1 WLR 2600", "(1916) 115 LT 678", "[2015] HLR 9"),
# blanked before pinpoints are looked for, so that its year is not one
REPORT = re.compile(r'[\[(]\d{4}[\])]\s*(?:\d{1,3}\s*)?(?:(?:[A-Z][A-Za-z.\'’]*|&|\([A-Za-z]+\))\s*){1,6}?(?:\d{1,5}|$)')

def simple_pins(text):
    out = []
    ms = list(CITE.finditer(text))
    for k, m in enumerate(ms):
        court = ' '.join(m.group(2).split())
        if court == 'EWHC' and not m.group(4):
            continue
        canon = '[%s] %s %d' % (m.group(1), court, int(m.group(3)))
        if m.group(4):
            canon += ' (%s)' % m.group(4)
        if m.group(4) == 'COP':
            canon = '[%s] EWCOP %d' % (m.group(1), int(m.group(3)))
        end = ms[k + 1].start() if k + 1 < len(ms) else len(text)
        seg = text[m.end():min(end, m.end() + 150)]
        seg = REPORT.sub(lambda r: ' ' * len(r.group(0)), seg)
        s = SENTENCE.search(seg)
        if s:
            seg = seg[:s.start() + 1]
        found = None
        for rx in (DIRECT, AT_BRACKET, PARA):
            f = rx.search(seg)
            if f and f.start() < 60 and (found is None or f.start() < found.start()):
                found = f
        if not found:
            continue
        rest = seg[found.end():]
        if re.match(r'^\]?[\s,]*(above|below|of this judgment)', rest):
            continue
        pins = [int(found.group(1))]
        while True:
            g = MORE.match(rest)
            if not g:
                break
            n = int(g.group(2))
            if g.group(1):
                pins.extend(range(pins[-1] + 1, n + 1) if 0 < n - pins[-1] <= 1000 else [])
            else:
                pins.append(n)
            rest = rest[g.end():]
        for p in dict.fromkeys(pins):
            out.append((canon, p))
    return out

def main():
    src, fixtures = sys.argv[1], sys.argv[2]
    fixture_hashes = set()
    fixture_names = set()
    for root, _, files in os.walk(fixtures):
        for f in files:
            fixture_names.add(f)
            with open(os.path.join(root, f), 'rb') as fh:
                fixture_hashes.add(hashlib.sha256(fh.read()).hexdigest())
    rows, paras, simple = [], [], set()
    for name in sorted(os.listdir(src)):
        if not name.endswith('.xml'):
            continue
        path = os.path.join(src, name)
        data = open(path, 'rb').read()
        h = hashlib.sha256(data).hexdigest()
        if h in fixture_hashes or name in fixture_names:
            continue
        part = 'tune' if h[0] in '01234567' else 'measure'
        rows.append((name, h, part))
        for num, text in paragraphs(path):
            if not re.search(r'(?<!\d)(1[6-9]|20)\d\d(?!\d)', text):
                continue
            paras.append({'file': name, 'num': num, 'text': text})
            for canon, pin in simple_pins(text):
                simple.add((name, num, canon, pin))
    with open(os.path.join(HERE, 'manifest.tsv'), 'w') as f:
        f.write('file\tsha256\tpart\n')
        for r in rows:
            f.write('\t'.join(r) + '\n')
    with gzip.GzipFile(os.path.join(HERE, 'paragraphs.jsonl.gz'), 'wb', mtime=0) as f:
        for p in paras:
            f.write((json.dumps(p, ensure_ascii=False, sort_keys=True) + '\n').encode())
    with open(os.path.join(HERE, 'simple.tsv'), 'w') as f:
        f.write('file\tnum\tcited\tpin\n')
        for r in sorted(simple):
            f.write('%s\t%d\t%s\t%d\n' % r)
    # expected = simple, corrected by the adjudications
    expected = set(simple)
    adj = os.path.join(HERE, 'adjudicated.tsv')
    if os.path.exists(adj):
        for r in csv.DictReader(open(adj), delimiter='\t'):
            key = (r['file'], int(r['num']), r['cited'], int(r['pin']))
            if r['verdict'] == 'yes':
                expected.add(key)
            elif r['verdict'] == 'no':
                expected.discard(key)
    with open(os.path.join(HERE, 'expected.tsv'), 'w') as f:
        f.write('file\tnum\tcited\tpin\n')
        for r in sorted(expected):
            f.write('%s\t%d\t%s\t%d\n' % r)
    print('%d judgments (%d tune, %d measure), %d paragraphs, %d simple pairs, %d expected' % (
        len(rows), sum(r[2] == 'tune' for r in rows), sum(r[2] == 'measure' for r in rows), len(paras), len(simple), len(expected)))

main()
