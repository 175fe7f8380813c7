package udf

import (
	"slices"
	"strings"
)

// CheckedCitation is one citation of a generated summary checked against
// the document it summarises. Status is "found" (the source cites the same
// case, and every page or paragraph the summary pins is one the source pins
// too, or the summary pins none), "pin_mismatch" (the source cites the
// case, but not at the pinned page or paragraph) or "not_in_source" (the
// source never cites the case: the hallucinated citation CaseSumm counts).
type CheckedCitation struct {
	Citation
	Status string
}

// caseKey names the case a citation stands for: its canonical form, a U.S.
// citation without its nominative reporter ("5 U.S. (1 Cranch) 137" → "5
// U.S. 137"); a U.S. short form is keyed by volume and reporter only
// (prefix reports that).
func caseKey(c Citation) (key string, prefix bool) {
	k := c.Canonical
	if c.Kind == "us" {
		if i := strings.Index(k, " ("); i >= 0 {
			if j := strings.Index(k[i:], ")"); j >= 0 {
				k = k[:i] + k[i+j+1:]
			}
		}
	}
	if c.Kind == "us_short" {
		if i := strings.LastIndex(k, " at "); i >= 0 {
			return k[:i] + " ", true
		}
	}
	return k, false
}

// CheckCitations checks every citation of summary against source (see
// CheckedCitation). Citations of one group in the source (a neutral
// citation and its parallel reports) are one case: citing any of them finds
// it. U.S. short forms match a full citation of the same volume and
// reporter; Id. and supra count as the citation they resolve to.
func CheckCitations(summary, source string) []CheckedCitation {
	sum := ExtractCitations(summary)
	if len(sum) == 0 {
		return nil
	}
	// the source's cases: for each group, its keys and the pins given anywhere to any of them
	type sourceCase struct {
		keys []string
		pins map[int]bool
	}
	var cases []*sourceCase
	byKey := map[string]*sourceCase{}
	src := ExtractCitations(source)
	for i := 0; i < len(src); {
		j := i
		for j+1 < len(src) && src[j+1].Group == src[i].Group {
			j++
		}
		var sc *sourceCase
		for k := i; k <= j; k++ { // a group any of whose citations is known already is that case
			if key, prefix := caseKey(src[k]); !prefix && byKey[key] != nil {
				sc = byKey[key]
			}
		}
		if sc == nil {
			sc = &sourceCase{pins: map[int]bool{}}
			cases = append(cases, sc)
		}
		for k := i; k <= j; k++ {
			key, prefix := caseKey(src[k])
			if prefix { // a short form: the pins belong to the full citation of that volume and reporter
				for _, c := range cases {
					for _, ck := range c.keys {
						if strings.HasPrefix(ck, key) {
							for _, p := range src[k].Pinpoints {
								c.pins[p] = true
							}
						}
					}
				}
				continue
			}
			if !slices.Contains(sc.keys, key) {
				sc.keys = append(sc.keys, key)
			}
			byKey[key] = sc
			for _, p := range src[k].Pinpoints {
				sc.pins[p] = true
			}
		}
		i = j + 1
	}
	out := make([]CheckedCitation, len(sum))
	for i, c := range sum {
		key, prefix := caseKey(c)
		var matched []*sourceCase
		for _, sc := range cases {
			for _, k := range sc.keys {
				if k == key || prefix && strings.HasPrefix(k, key) {
					matched = append(matched, sc)
					break
				}
			}
		}
		status := "not_in_source"
		if len(matched) > 0 {
			status = "found"
			for _, p := range c.Pinpoints {
				pinned := false
				for _, sc := range matched {
					pinned = pinned || sc.pins[p]
				}
				if !pinned {
					status = "pin_mismatch"
				}
			}
		}
		out[i] = CheckedCitation{Citation: c, Status: status}
	}
	return out
}
