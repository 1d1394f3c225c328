package main

import (
	"encoding/json"
	"testing"
)

// Each of goal 3's six pages is one of the page kinds the bench weighs, so it has an address.
func TestEveryLighthousePageIsAPageKind(t *testing.T) {
	for _, name := range lighthousePages {
		found := false
		for _, k := range pageKinds {
			found = found || k.name == name
		}
		if !found {
			t.Errorf("%s is not among pageKinds", name)
		}
	}
}

// The figures are read from Lighthouse's JSON report as its version 13 writes them.
func TestLighthouseReportFields(t *testing.T) {
	var r lighthouseReport
	report := `{"lighthouseVersion":"13.5.0","categories":{"performance":{"score":0.975},"seo":{"score":null}},
		"audits":{"largest-contentful-paint":{"numericValue":1834.2},"total-blocking-time":{"numericValue":41},"cumulative-layout-shift":{"numericValue":0.004}}}`
	if err := json.Unmarshal([]byte(report), &r); err != nil {
		t.Fatal(err)
	}
	if got := score(r, "performance"); got != 98 {
		t.Errorf("performance %d, want 98 (0.975 rounded)", got)
	}
	if got := score(r, "seo"); got != 0 {
		t.Errorf("an unscored category reads %d, want 0", got)
	}
	if got := r.Audits["largest-contentful-paint"].NumericValue; got != 1834.2 {
		t.Errorf("LCP %v", got)
	}
}

// Scripts are counted gzipped at level 9, as the stack section counts them.
func TestGzipSizeCompresses(t *testing.T) {
	text := make([]byte, 10_000)
	for i := range text {
		text[i] = 'a'
	}
	if n := gzipSize(text); n <= 0 || n >= 200 {
		t.Errorf("gzipSize of 10,000 'a' = %d", n)
	}
}
