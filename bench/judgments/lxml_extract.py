#!/usr/bin/python3
"""The Python reference for bench/judgments/run.sh: parse every Find Case Law
XML file of a directory with lxml (Debian python3-lxml) and extract what
lexduck load extracts: URI, neutral citation, court, date, name, the
top-level numbered paragraphs (quotes kept inside, footnotes out) with their
text, footnotes, <ref type="case"> markup, and neutral citations found by a
regular expression in each paragraph. Prints counts. Usage:
lxml_extract.py DIR [PROCESSES]"""
import os, re, sys
from multiprocessing import Pool
from lxml import etree

NCN = re.compile(r"[\[(]\s?((?:1[89]|20)\d\d)\s?[\])]\s*(UKSC|UKPC|UKHL|EWCA|EWHC|EWCOP|EWFC|UKUT|UKFTT|EAT)\s*(?:\(?(Civ|Crim)\)?\.?)?\s+(\d{1,6})(?:\s?\((\w+)\))?", re.I)
PLAIN = re.compile(r"^\[?(\d{1,6})\]?\.?$")
WS = re.compile(r"\s+")

def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""

def text_of(el):
    parts = []
    def walk(e):
        if local(e.tag) == "authorialNote":
            if e.tail: parts.append(e.tail)
            return
        if e.text: parts.append(e.text)
        for c in e: walk(c)
        if e.tail: parts.append(e.tail)
    if el.text: parts.append(el.text)
    for c in el:
        if local(c.tag) != "num": walk(c)
        elif c.tail: parts.append(c.tail)
    return WS.sub(" ", " ".join(parts)).strip()

def extract(path):
    try:
        root = etree.parse(path).getroot()
    except etree.XMLSyntaxError:
        return (0, 0, 0, 0, 0, 1)
    j = next((c for c in root if local(c.tag) == "judgment"), None)
    if j is None:
        return (0, 0, 0, 0, 0, 1)
    meta = {}
    for e in j.iter():
        t = local(e.tag)
        if t in ("FRBRthis", "FRBRname") and "value" in e.attrib and t not in meta:
            meta[t] = e.get("value")
        elif t == "FRBRdate" and "date" not in meta:
            meta["date"] = e.get("date")
        elif t in ("cite", "court") and t not in meta:
            meta[t] = (e.text or "").strip()
    body = next((c for c in j if local(c.tag) in ("judgmentBody", "mainBody")), None)
    paras = notes = refs = cites = 0
    if body is not None:
        for p in body.iter():
            if local(p.tag) != "paragraph":
                continue
            anc = p.getparent(); inside = False
            while anc is not None and anc is not body:
                if local(anc.tag) in ("paragraph", "embeddedStructure"):
                    inside = True; break
                anc = anc.getparent()
            num = next((c for c in p if local(c.tag) == "num"), None)
            if inside or num is None or not PLAIN.match((num.text or "").strip()):
                continue
            paras += 1
            cites += len(NCN.findall(text_of(p)))
        for e in body.iter():
            t = local(e.tag)
            if t == "authorialNote":
                notes += 1; text_of(e)
            elif t == "ref" and any(k.rsplit("}", 1)[-1] == "type" and v == "case" for k, v in e.attrib.items()):
                refs += 1
    return (1, paras, notes, refs, cites, 0)

def main():
    d = sys.argv[1]
    procs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".xml"))
    if procs > 1:
        with Pool(procs) as pool:
            res = pool.map(extract, files, chunksize=16)
    else:
        res = [extract(f) for f in files]
    tot = [sum(x) for x in zip(*res)]
    print(f"judgments {tot[0]} paragraphs {tot[1]} footnotes {tot[2]} refs {tot[3]} ncn {tot[4]} rejected {tot[5]}")

main()
