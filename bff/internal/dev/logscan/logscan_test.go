package logscan

import (
	"strings"
	"testing"
)

func TestEachKindIsFoundAndRedacted(t *testing.T) {
	logs := strings.Join([]string{
		`{"level":"INFO","msg":"request","path":"/api/v1/page","status":200}`,
		`{"level":"WARN","msg":"sign-in failed","email":"maria.lopez@example.com"}`,
		`{"msg":"profile","first":"Maria","last":"lopez"}`,
		`{"msg":"cookie","header":"session=abcdefghijklmnop; up_cart=1"}`,
		`{"msg":"verify","token":"eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl"}`,
		`Authorization: Bearer s3cr3t-t0ken-value`,
		`{"msg":"config","LeadersEmail":"leaders@example.org","MailFrom":"Union Benefits <no-reply@union-benefits.test>"}`,
		`{"msg":"a path of a robin's egg blue page","path":"/benefits/mariachi"}`,
		`{"msg":"Avery  Tester signed up"}`,
	}, "\n")
	got, err := Scan("bff.log", strings.NewReader(logs), Rules{
		Names:   []string{"Maria", "Lopez", "Avery Tester"},
		Allowed: []string{"leaders@example.org", "no-reply@union-benefits.test"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{"bff.log", 2, "email", `{"level":"WARN","msg":"sign-in failed","email":"[email]"}`},
		{"bff.log", 3, "name", `{"msg":"profile","first":"[name]","last":"[name]"}`},
		{"bff.log", 4, "session cookie", `{"msg":"cookie","header":"[session cookie]; up_cart=1"}`},
		{"bff.log", 5, "token", `{"msg":"verify","token":"[token]"}`},
		{"bff.log", 6, "bearer token", `Authorization: [bearer token]`},
		{"bff.log", 9, "name", `{"msg":"[name] signed up"}`},
	}
	if len(got) != len(want) {
		t.Fatalf("found %d lines, want %d:\n%v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d:\n got %v\nwant %v", i, got[i], want[i])
		}
	}
	for _, f := range got {
		for _, secret := range []string{"maria.lopez", "abcdefghijklmnop", "eyJhbGci", "s3cr3t", "Avery"} {
			if strings.Contains(f.String(), secret) {
				t.Errorf("a finding prints what it found: %s", f)
			}
		}
	}
}

func TestCleanLogsHaveNoFindings(t *testing.T) {
	clean := `{"time":"2026-11-28T02:12:44Z","level":"INFO","msg":"request","request_id":"3f1c","method":"GET","path":"/api/v1/page","route":"/api/v1/page","status":200,"duration":1200000}
{"msg":"session ended","uid":"demo-member-0001"}
GET /benefits/wireless 200 in 31ms`
	got, err := Scan("frontend.log", strings.NewReader(clean), Rules{Names: []string{"Maria Lopez", "Robin"}})
	if err != nil || len(got) != 0 {
		t.Fatalf("%v %v", got, err)
	}
}
