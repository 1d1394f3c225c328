package traces

import (
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"time"
)

// row is one span of the waterfall: indented by its depth, its bar placed on the trace's time line.
type row struct {
	Span
	Depth         int
	Left, Width   float64 // percent of the trace's extent
	Offset        string  // from the trace's start
	SortedAttrKey []string
}

type waterfallPage struct {
	TraceID    string
	Rows       []row
	DurationMs float64
	Services   []string
}

// waterfall lays t's spans out as a tree in start order: each span under its parent, a span whose
// parent has not arrived (or is in another tier that does not export) at the top.
func waterfall(t Trace, id string) waterfallPage {
	page := waterfallPage{TraceID: id}
	if len(t.Spans) == 0 {
		return page
	}
	sum := summarize(t)
	page.DurationMs, page.Services = sum.DurationMs, sum.Services
	first, extent := t.Spans[0].Start, max(sum.DurationMs*1e6, 1)
	children := map[string][]Span{}
	ids := map[string]bool{}
	for _, sp := range t.Spans {
		ids[sp.SpanID] = true
	}
	var roots []Span
	for _, sp := range t.Spans {
		if sp.ParentSpanID == "" || !ids[sp.ParentSpanID] {
			roots = append(roots, sp)
		} else {
			children[sp.ParentSpanID] = append(children[sp.ParentSpanID], sp)
		}
	}
	var walk func(sp Span, depth int)
	walk = func(sp Span, depth int) {
		keys := make([]string, 0, len(sp.Attributes))
		for k := range sp.Attributes {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		page.Rows = append(page.Rows, row{
			Span: sp, Depth: depth, SortedAttrKey: keys,
			Left:   float64(sp.Start-first) / extent * 100,
			Width:  max(float64(sp.End-sp.Start)/extent*100, 0.3),
			Offset: time.Duration(sp.Start - first).String(),
		})
		for _, c := range children[sp.SpanID] {
			walk(c, depth+1)
		}
	}
	for _, r := range roots {
		walk(r, 0)
	}
	return page
}

func render(w http.ResponseWriter, t *template.Template, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	if err := t.Execute(w, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

var funcs = template.FuncMap{
	"ms":     func(f float64) string { return fmt.Sprintf("%.1f ms", f) },
	"when":   func(t time.Time) string { return t.Local().Format("15:04:05.000") },
	"pct":    func(f float64) template.CSS { return template.CSS(fmt.Sprintf("%.3f%%", f)) },
	"indent": func(d int) template.CSS { return template.CSS(fmt.Sprintf("%dpx", d*16)) },
}

const style = `<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1a2433}
header{background:#0b1f3a;color:#fff;padding:12px 24px}h1{font-size:1.2rem;margin:0;overflow-wrap:anywhere}
main{padding:16px 24px}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #d8dde5;vertical-align:top}
a{color:#1a4178}a:focus-visible{outline:3px solid #c77700;outline-offset:2px}
.err{color:#a4161a;font-weight:700}.svc{color:#4b5768;font-size:.9em}
.name{min-width:14em;overflow-wrap:anywhere}.lane{position:relative;min-width:160px;height:18px;background:#f1f3f6}
.scroll{overflow-x:auto}td.num{white-space:nowrap}
.bar{position:absolute;top:3px;height:12px;background:#2a6fb0;border-radius:2px}
.bar.server{background:#2f8a4c}.bar.client{background:#c77700}.bar.error{background:#a4161a}
details{font-size:.85em}dl{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:4px 0}
dt{font-weight:700}dd{margin:0;word-break:break-all}
</style>`

var listPage = template.Must(template.New("list").Funcs(funcs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local traces</title>` + style + `</head><body>
<header><h1>Local traces: the newest first</h1></header>
<main>{{if .}}<div class="scroll"><table><thead><tr><th>Started</th><th>Root span</th><th>Services</th><th>Spans</th><th>Duration</th></tr></thead><tbody>
{{range .}}<tr><td>{{when .Start}}</td><td><a href="/traces/{{.TraceID}}">{{.Name}}</a>{{if .Error}} <span class="err">error</span>{{end}}</td>
<td>{{range $i, $s := .Services}}{{if $i}}, {{end}}{{$s}}{{end}}</td><td>{{.SpanCount}}</td><td>{{ms .DurationMs}}</td></tr>
{{end}}</tbody></table></div>{{else}}<p>No traces yet. Open a page of the site (http://127.0.0.1:3000) and reload this one.</p>{{end}}</main></body></html>`))

var tracePage = template.Must(template.New("trace").Funcs(funcs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Trace {{.TraceID}}</title>` + style + `</head><body>
<header><h1>Trace {{.TraceID}}</h1></header>
<main><p><a href="/">Back to the traces</a></p>
{{if .Rows}}<p>{{ms .DurationMs}} across {{range $i, $s := .Services}}{{if $i}}, {{end}}{{$s}}{{end}}.</p>
<div class="scroll"><table><thead><tr><th>Span</th><th>Start</th><th>Duration</th><th>Time line</th></tr></thead><tbody>
{{range .Rows}}<tr><td class="name" style="padding-left:{{indent .Depth}}"><span class="svc">{{.Service}}</span> {{.Name}}{{if eq .Status "error"}} <span class="err">error</span>{{end}}
<details><summary>attributes</summary><dl><dt>kind</dt><dd>{{.Kind}}</dd><dt>span id</dt><dd>{{.SpanID}}</dd>{{$a := .Attributes}}{{range .SortedAttrKey}}<dt>{{.}}</dt><dd>{{index $a .}}</dd>{{end}}</dl></details></td>
<td class="num">+{{.Offset}}</td><td class="num">{{ms .DurationMs}}</td>
<td><div class="lane"><div class="bar {{.Kind}}{{if eq .Status "error"}} error{{end}}" style="left:{{pct .Left}};width:{{pct .Width}}"></div></div></td></tr>
{{end}}</tbody></table></div>{{else}}<p>No span of this trace has arrived (yet: exporters send in batches every few seconds).</p>{{end}}
</main></body></html>`))
