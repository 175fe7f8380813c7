package main

import "github.com/lexduck/lexduck/ext/catalog"

func catalogScalars() []string {
	var out []string
	for _, s := range catalog.Scalars() {
		out = append(out, s.Name)
	}
	return out
}
