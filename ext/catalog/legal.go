package catalog

import "github.com/lexduck/lexduck/udf"

const citationType = "STRUCT(kind VARCHAR, raw VARCHAR, canonical VARCHAR, court VARCHAR, year INTEGER, start INTEGER, end INTEGER, pinpoints INTEGER[], pin_type VARCHAR, group_id INTEGER)"

func citationValue(c udf.Citation) map[string]any {
	pins := make([]any, len(c.Pinpoints))
	for i, p := range c.Pinpoints {
		pins[i] = int32(p)
	}
	var year, pinType any
	if c.Year > 0 {
		year = int32(c.Year)
	}
	if c.PinType != "" {
		pinType = c.PinType
	}
	return map[string]any{
		"kind": c.Kind, "raw": c.Raw, "canonical": c.Canonical, "court": c.Court, "year": year,
		"start": int32(c.Start), "end": int32(c.End), "pinpoints": pins, "pin_type": pinType, "group_id": int32(c.Group),
	}
}

func init() {
	add(Scalar{
		Name: "extract_citations", Params: []string{"VARCHAR"}, Result: citationType + "[]",
		Doc: "extract_citations(text): case citations (kind uk_ncn, uk_report, eu, echr; us, us_short, us_id, us_supra) with canonical form, court, year, 0-based character offsets [start, end), citation group and typed pinpoints (para, section, page)",
		Eval: func(a []any) (any, error) {
			cs := udf.ExtractCitations(a[0].(string))
			out := make([]any, len(cs))
			for i, c := range cs {
				out[i] = citationValue(c)
			}
			return out, nil
		},
	})
	add(Scalar{
		Name: "citation_check", Params: []string{"VARCHAR", "VARCHAR"}, Parallel: true,
		Result: "STRUCT(kind VARCHAR, raw VARCHAR, canonical VARCHAR, pinpoints INTEGER[], pin_type VARCHAR, status VARCHAR)[]",
		Doc:    "citation_check(summary, source): each citation of a generated summary with status found (the source cites the case, at the pinned page or paragraph if any), pin_mismatch (the source cites the case, not there) or not_in_source (a hallucinated citation); NULL if either is NULL",
		Eval: func(a []any) (any, error) {
			cs := udf.CheckCitations(a[0].(string), a[1].(string))
			out := make([]any, len(cs))
			for i, c := range cs {
				v := citationValue(c.Citation)
				out[i] = map[string]any{"kind": v["kind"], "raw": v["raw"], "canonical": v["canonical"],
					"pinpoints": v["pinpoints"], "pin_type": v["pin_type"], "status": c.Status}
			}
			return out, nil
		},
	})
	mask := func(a []any) (any, error) {
		placeholder := "[CITATION]"
		if len(a) > 1 {
			placeholder = a[1].(string)
		}
		return udf.MaskCitations(a[0].(string), placeholder), nil
	}
	add(Scalar{
		Name: "mask_citations", Params: []string{"VARCHAR"}, Result: "VARCHAR", Eval: mask,
		Doc: "mask_citations(text [, placeholder]): the text with each citation group and its pinpoint replaced by placeholder (default [CITATION])",
	}, Scalar{
		Name: "mask_citations", Params: []string{"VARCHAR", "VARCHAR"}, Result: "VARCHAR", Eval: mask,
		Doc: "mask_citations(text [, placeholder]): the text with each citation group and its pinpoint replaced by placeholder (default [CITATION])",
	}, Scalar{
		Name: "normalize_citation", Params: []string{"VARCHAR"}, Result: "VARCHAR",
		Doc: "normalize_citation(text): the canonical form of the first UK neutral citation in text ('[2020] ewca civ 0621' → '[2020] EWCA Civ 621'), NULL if none",
		Eval: func(a []any) (any, error) {
			if c, ok := udf.NormalizeCitation(a[0].(string)); ok {
				return c, nil
			}
			return nil, nil
		},
	})
}

func init() {
	add(Scalar{
		Name: "extract_syllabus", Params: []string{"VARCHAR"}, Parallel: true,
		Result: "STRUCT(syllabus VARCHAR, opinion VARCHAR, start_rule VARCHAR, end_rule VARCHAR, ok BOOLEAN)",
		Doc:    "extract_syllabus(text): a U.S. Supreme Court case's syllabus (the reporter's headnote, 1815 to today, OCR noise tolerated; in a Library of Congress per-case file, that of the case that begins on its first page; a memorandum there has none) and opinion, which rule found the start (docket, headnote, memorandum) and end (statement, drop_capital, disposition, counsel, vote, opinion, per_curiam, recusal, end_of_text, type_size, memorandum), ok when both were found",
		Eval: func(a []any) (any, error) {
			s := udf.ExtractSyllabus(a[0].(string))
			return map[string]any{"syllabus": s.Syllabus, "opinion": s.Opinion, "start_rule": nullIfEmpty(s.StartRule),
				"end_rule": nullIfEmpty(s.EndRule), "ok": s.OK}, nil
		},
	}, Scalar{
		Name: "case_year", Params: []string{"VARCHAR"}, Result: "INTEGER", Parallel: true,
		Doc: "case_year(text): the year a U.S. Supreme Court case was decided, from its \"Decided …\" line or, in the older reports, its term (\"JANUARY TERM, 1846.\") or the year in the margin; NULL when the text gives none",
		Eval: func(a []any) (any, error) {
			if y := udf.CaseYear(a[0].(string)); y > 0 {
				return int32(y), nil
			}
			return nil, nil
		},
	}, Scalar{
		Name: "has_held", Params: []string{"VARCHAR"}, Result: "BOOLEAN",
		Doc:  "has_held(text): whether text contains \"Held:\" (CaseSumm's structured syllabi), tolerant of OCR noise (\"Held :\", \"HeId:\")",
		Eval: func(a []any) (any, error) { return udf.HasHeld(a[0].(string)), nil },
	})
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
