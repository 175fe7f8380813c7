package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"image/color"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// figure is one SVG plot of the report.
type figure struct {
	File, Title string
	SVG         []byte
}

func plotLinks(ps []figure) string {
	var links []string
	for _, p := range ps {
		links = append(links, fmt.Sprintf("[%s](%s)", p.Title, p.File))
	}
	return strings.Join(links, ", ")
}

// makePlots draws CaseSumm's Figure 1, the compression distribution and
// recall@k curves, from the tables the queries built. A figure whose data
// is missing is left out.
func makePlots(ctx context.Context, conn *sql.Conn) ([]figure, error) {
	var out []figure
	for _, f := range []func(context.Context, *sql.Conn) (*figure, error){figure1, compressionPlot, recallPlot} {
		p, err := f(ctx, conn)
		if err != nil {
			return nil, err
		}
		if p != nil {
			out = append(out, *p)
		}
	}
	return out, nil
}

func svgOf(p *figure, pl *plot.Plot) error {
	c := vgsvg.New(16*vg.Centimeter, 9*vg.Centimeter)
	pl.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return err
	}
	p.SVG = b.Bytes()
	return nil
}

// tableExists reports whether the queries created a table.
func tableExists(ctx context.Context, conn *sql.Conn, name string) bool {
	var n int
	conn.QueryRowContext(ctx, "SELECT count(*) FROM duckdb_tables() WHERE table_name = ?", name).Scan(&n)
	return n > 0
}

func figure1(ctx context.Context, conn *sql.Conn) (*figure, error) {
	if !tableExists(ctx, conn, "cases") {
		return nil, nil
	}
	rows, err := conn.QueryContext(ctx, `SELECT (year // 10) * 10, avg(word_count(opinion)), avg(word_count(syllabus))
		FROM cases WHERE ok AND year IS NOT NULL GROUP BY 1 ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var op, syl plotter.XYs
	for rows.Next() {
		var d, o, s float64
		if err := rows.Scan(&d, &o, &s); err != nil {
			return nil, err
		}
		op = append(op, plotter.XY{X: d, Y: o})
		syl = append(syl, plotter.XY{X: d, Y: s})
	}
	if len(op) == 0 {
		return nil, nil
	}
	pl := plot.New()
	pl.Title.Text = "Opinion and syllabus length by decade"
	pl.X.Label.Text = "decade"
	pl.Y.Label.Text = "mean words"
	if err := plotutil.AddLinePoints(pl, "opinion", op, "syllabus", syl); err != nil {
		return nil, err
	}
	pl.Legend.Top = true
	p := &figure{File: "figure1_lengths.svg", Title: "CaseSumm Figure 1: mean opinion and syllabus length by decade"}
	return p, svgOf(p, pl)
}

func compressionPlot(ctx context.Context, conn *sql.Conn) (*figure, error) {
	if !tableExists(ctx, conn, "cases") {
		return nil, nil
	}
	rows, err := conn.QueryContext(ctx, `SELECT compression_pct(syllabus, opinion) FROM cases WHERE ok ORDER BY case_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var vals plotter.Values
	for rows.Next() {
		var v sql.NullFloat64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		if v.Valid {
			vals = append(vals, v.Float64)
		}
	}
	if len(vals) == 0 {
		return nil, nil
	}
	pl := plot.New()
	pl.Title.Text = "Compression: syllabus words / opinion words"
	pl.X.Label.Text = "percent"
	pl.Y.Label.Text = "cases"
	h, err := plotter.NewHist(vals, 12)
	if err != nil {
		return nil, err
	}
	h.FillColor = color.RGBA{R: 70, G: 110, B: 170, A: 255}
	pl.Add(h)
	p := &figure{File: "compression.svg", Title: "Distribution of compression per case"}
	return p, svgOf(p, pl)
}

func recallPlot(ctx context.Context, conn *sql.Conn) (*figure, error) {
	if !tableExists(ctx, conn, "retrieval_runs") || !tableExists(ctx, conn, "retrieval_qrels") {
		return nil, nil
	}
	rows, err := conn.QueryContext(ctx, `SELECT system || ' (' || config || ')', r1, r5, r10, r20, r50
		FROM recall_table('retrieval_runs', 'retrieval_qrels') ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	curves := map[string]plotter.XYs{}
	for rows.Next() {
		var name string
		var r [5]float64
		if err := rows.Scan(&name, &r[0], &r[1], &r[2], &r[3], &r[4]); err != nil {
			return nil, err
		}
		for i, k := range []float64{1, 5, 10, 20, 50} {
			curves[name] = append(curves[name], plotter.XY{X: k, Y: r[i]})
		}
	}
	if len(curves) == 0 {
		return nil, nil
	}
	names := make([]string, 0, len(curves))
	for n := range curves {
		names = append(names, n)
	}
	sort.Strings(names)
	var args []any
	for _, n := range names {
		args = append(args, n, curves[n])
	}
	pl := plot.New()
	pl.Title.Text = "Recall@k per retrieval system"
	pl.X.Label.Text = "k"
	pl.Y.Label.Text = "recall (%)"
	pl.Y.Min, pl.Y.Max = 0, 100
	if err := plotutil.AddLinePoints(pl, args...); err != nil {
		return nil, err
	}
	pl.Legend.Top, pl.Legend.Left = true, true
	p := &figure{File: "recall_at_k.svg", Title: "UK-PRBench: recall@k per system and configuration"}
	return p, svgOf(p, pl)
}
