package uploads_test

// Case documents sent straight to the BFF, as a browser or an attacker would send them: the
// upload, list and submission, idempotent repeats, ownership, and the attack list, after which
// nothing is stored. Firebase Auth, Firestore and the bucket are fakes here (the integration
// tests run the same calls on the emulators and fake-gcs-server). Every answer is validated
// against contracts/openapi.yaml.

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/uploads"
	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest/samples"
)

const (
	filesRoute = "/api/v1/cases/{caseId}/files"
	password   = "Password1"
)

type browser struct{ *harness.Browser }

// signIn adds a member with a case to the fakes and signs this browser in as them.
func (br *browser) signIn(b *harness.BFF, uid, email, caseID string) {
	br.T.Helper()
	b.Auth.Add(uid, email, password, true)
	b.Profiles.Put(uid, portal.Profile{FirstName: "Maria", LastName: "Lopez", Email: email})
	b.Cases.Put(portal.Case{ID: caseID, UID: uid, FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed", Submitted: harness.Start})
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": email, "password": password}), 200)
}

func (br *browser) files(caseID string) []any {
	br.T.Helper()
	a := br.Want(br.Call("GET", filesRoute, "/api/v1/cases/"+caseID+"/files", nil), 200)
	files, _ := a.JSON["files"].([]any)
	return files
}

func ref(a harness.Answer) map[string]any {
	return map[string]any{"name": a.JSON["name"], "path": a.JSON["path"], "bucket": a.JSON["bucket"], "url": a.JSON["url"]}
}

func uploadsBFF(t *testing.T) (*harness.BFF, *browser, *browser) {
	t.Helper()
	b := harness.StartOnFixtures(t)
	c := harness.LoadContract(t)
	maria := &browser{harness.NewBrowser(t, b.URL, c)}
	maria.signIn(b, "member-a", "maria@example.com", "case-a")
	ana := &browser{harness.NewBrowser(t, b.URL, c)}
	ana.signIn(b, "member-b", "ana@example.com", "case-b")
	return b, maria, ana
}

func TestUploadListAndSubmitOnce(t *testing.T) {
	b, maria, _ := uploadsBFF(t)
	if files := maria.files("case-a"); len(files) != 0 {
		t.Fatalf("files before any: %v", files)
	}
	stub := maria.Want(maria.Upload("case-a", "pay stub.pdf", "application/pdf", samples.PDF(300_000)), 201)
	if stub.JSON["path"] != "forms/uploads/member-a/case-a/pay stub.pdf" || stub.JSON["bucket"] != "demo-union-benefits.appspot.com" ||
		stub.JSON["url"] != "gs://demo-union-benefits.appspot.com/forms/uploads/member-a/case-a/pay stub.pdf" ||
		stub.JSON["size"] != 300_000.0 || stub.JSON["contentType"] != "application/pdf" || stub.Header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("uploaded: %s", stub.Body)
	}
	// The stored type is the accepted type's, whatever the browser declared (here nothing).
	photo := maria.Want(maria.Upload("case-a", "bill.JPEG", "", samples.JPEG(5000)), 201)
	letter := maria.Want(maria.Upload("case-a", "letter.docx", "", samples.DOCX()), 201)
	if photo.JSON["contentType"] != "image/jpeg" || letter.JSON["contentType"] != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" {
		t.Errorf("types: %s %s", photo.Body, letter.Body)
	}

	// Stored, not yet in the case: listed as failed to process until submitted.
	files := maria.files("case-a")
	if len(files) != 3 || harness.Dig(files[0], "name") != "bill.JPEG" || harness.Dig(files[0], "state") != "failed" ||
		harness.Dig(files[2], "path") != "forms/uploads/member-a/case-a/pay stub.pdf" {
		t.Fatalf("before submitting: %v", files)
	}

	body := map[string]any{"files": []any{ref(stub), ref(photo), ref(letter)}}
	after := maria.Want(maria.Call("POST", filesRoute, "/api/v1/cases/case-a/files", body), 200)
	listed, _ := after.JSON["files"].([]any)
	for _, f := range listed {
		if harness.Dig(f, "state") != "added" || harness.Dig(f, "added") != "2026-11-21T12:00:00Z" {
			t.Errorf("after submitting: %v", f)
		}
	}
	if len(listed) != 3 || b.Cases.FileWrites != 1 {
		t.Fatalf("submitted: %s, %d writes", after.Body, b.Cases.FileWrites)
	}
	// A double click, a retry, a second tab: the same answer, nothing written.
	b.Advance(time.Hour)
	again := maria.Want(maria.Call("POST", filesRoute, "/api/v1/cases/case-a/files", body), 200)
	if !bytes.Equal(again.Body, after.Body) || b.Cases.FileWrites != 1 {
		t.Fatalf("repeat: %s, %d writes", again.Body, b.Cases.FileWrites)
	}
	stored, _ := b.Cases.CaseOf(t.Context(), "member-a", "case-a")
	if len(stored.Files) != 3 || stored.Files[0].Status != "submitted" || stored.Files[0].Path == "" || stored.Files[0].Bucket == "" {
		t.Errorf("the case's files: %+v", stored.Files)
	}
	// The record carries each file's type and size (spec 2 §3: filemime, filesize).
	for _, f := range stored.Files {
		if f.MIME == "" || f.Size <= 0 {
			t.Errorf("%s stored without its type or size: %+v", f.Name, f)
		}
	}
}

func TestSameBytesAgainAreTheSameUpload(t *testing.T) {
	b, maria, _ := uploadsBFF(t)
	data := samples.PNG(20_000)
	first := maria.Want(maria.Upload("case-a", "scan.png", "image/png", data), 201)
	retry := maria.Want(maria.Upload("case-a", "scan.png", "image/png", data), 200)
	if retry.JSON["timeCreated"] != first.JSON["timeCreated"] || retry.JSON["path"] != first.JSON["path"] {
		t.Errorf("retry: %s", retry.Body)
	}
	other := maria.Upload("case-a", "scan.png", "image/png", samples.PNG(30_000))
	if other.Status != 409 || other.Title() != "File scan.png already exists. Please use a different name." {
		t.Errorf("other bytes, same name: %d %s", other.Status, other.Body)
	}
	if paths := b.Files.Paths(); len(paths) != 1 || !bytes.Equal(b.Files.Data(paths[0]), data) {
		t.Errorf("stored: %v", paths)
	}
}

// zeros is an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// overLimit is a PDF one byte over 20 MB.
func overLimit() []byte {
	head := samples.PDF(1024)
	big, _ := io.ReadAll(io.MultiReader(bytes.NewReader(head), io.LimitReader(zeros{}, uploads.MaxBytes()+1-int64(len(head)))))
	return big
}

// TestAttacksStoreNothing is the attack list: each one refused with its words, and nothing in the
// bucket or the case after all of them.
func TestAttacksStoreNothing(t *testing.T) {
	b, maria, ana := uploadsBFF(t)
	for _, c := range []struct {
		what, caseID, name, contentType string
		body                            []byte
		status                          int
		want                            string
	}{
		{"an .exe renamed .pdf", "case-a", "scan.pdf", "application/pdf", samples.ExeAsPDF(), 400,
			"scan.pdf is not a valid PDF file. File type not allowed."},
		{"a PDF with a ZIP archive appended", "case-a", "bill.pdf", "application/pdf", samples.PolyglotPDFZip(), 400,
			"bill.pdf is not a valid PDF file. File type not allowed."},
		{"a JPEG with a script", "case-a", "photo.jpg", "image/jpeg", samples.JPEGWithScript(), 400,
			"photo.jpg is not a valid JPEG image file. File type not allowed."},
		{"an archive named .docx", "case-a", "letter.docx", "", samples.ZipAsDOCX(), 400,
			"letter.docx is not a valid Word file. File type not allowed."},
		{"a script named with escapes, /J#61vaScript", "case-a", "form.pdf", "application/pdf", samples.EscapedScriptPDF(), 400,
			"form.pdf is not a valid PDF file. File type not allowed."},
		{"a script compressed in an object stream", "case-a", "form.pdf", "application/pdf", samples.ScriptInObjectStreamPDF(), 400,
			"form.pdf is not a valid PDF file. File type not allowed."},
		{"20 MB + 1 byte", "case-a", "big.pdf", "application/pdf", overLimit(), 413, "Max allowed file size is 20 MB"},
		{"a script marker split across two chunks", "case-a", "split.pdf", "application/pdf", markerAcrossChunks(), 400,
			"split.pdf is not a valid PDF file. File type not allowed."},
		{"declared application/octet-stream", "case-a", "a.pdf", "application/octet-stream", samples.PDF(900), 400,
			"File type not allowed."},
		{"an .exe", "case-a", "setup.exe", "application/pdf", samples.ExeAsPDF(), 400, "File type exe not allowed."},
		{"a traversal name", "case-a", "../../member-b/case-b/a.pdf", "application/pdf", samples.PDF(900), 400,
			`The file name "../../member-b/case-b/a.pdf" cannot be used: names may not contain slashes, '..' or control characters. Please rename the file.`},
		{"a NUL in the name", "case-a", "a\x00.pdf", "application/pdf", samples.PDF(900), 400,
			`The file name "a\x00.pdf" cannot be used: names may not contain slashes, '..' or control characters. Please rename the file.`},
		{"another member's case", "case-b", "a.pdf", "application/pdf", samples.PDF(900), 404, "This case was not found."},
		{"a case that is no id", "case-a%2F..", "a.pdf", "application/pdf", samples.PDF(900), 404, "This case was not found."},
		{"an empty file", "case-a", "a.pdf", "application/pdf", nil, 400, "a.pdf is empty."},
	} {
		a := maria.Upload(c.caseID, c.name, c.contentType, c.body)
		if a.Status != c.status || (a.Title() != c.want && a.FieldError("name") != c.want && a.FieldError("file") != c.want &&
			a.FieldError("contentType") != c.want) {
			t.Errorf("%s: %d %s", c.what, a.Status, a.Body)
		}
	}

	// A visitor, and a browser on another site with the member's cookie.
	visitor := &browser{harness.NewBrowser(t, b.URL, harness.LoadContract(t))}
	if a := visitor.Upload("case-a", "a.pdf", "application/pdf", samples.PDF(900)); a.Status != 401 || a.Title() != "UID is required." {
		t.Errorf("no session: %d %s", a.Status, a.Body)
	}
	maria.Header.Set("Origin", "https://evil.example")
	if a := maria.Upload("case-a", "a.pdf", "application/pdf", samples.PDF(900)); a.Status != 403 {
		t.Errorf("cross-site: %d %s", a.Status, a.Body)
	}
	maria.Header.Del("Origin")

	if paths := b.Files.Paths(); len(paths) != 0 {
		t.Fatalf("stored after the attacks: %v", paths)
	}

	// A duplicate name: the first is stored, the second refused and the first kept.
	first := samples.PDF(900)
	maria.Want(maria.Upload("case-a", "dup.pdf", "application/pdf", first), 201)
	if a := maria.Upload("case-a", "dup.pdf", "application/pdf", samples.PDF(950)); a.Status != 409 ||
		a.Title() != "File dup.pdf already exists. Please use a different name." {
		t.Errorf("duplicate: %d %s", a.Status, a.Body)
	}
	if paths := b.Files.Paths(); len(paths) != 1 || !bytes.Equal(b.Files.Data(paths[0]), first) {
		t.Errorf("after the duplicate: %v", paths)
	}

	// Ana can neither list Maria's case nor submit Maria's file to hers.
	if a := ana.Call("GET", filesRoute, "/api/v1/cases/case-a/files", nil); a.Status != 404 {
		t.Errorf("another member's list: %d %s", a.Status, a.Body)
	}
	theirs := map[string]any{"files": []any{map[string]any{
		"name": "dup.pdf", "path": "forms/uploads/member-a/case-a/dup.pdf", "bucket": "demo-union-benefits.appspot.com",
		"url": "gs://demo-union-benefits.appspot.com/forms/uploads/member-a/case-a/dup.pdf",
	}}}
	if a := ana.Call("POST", filesRoute, "/api/v1/cases/case-a/files", theirs); a.Status != 404 {
		t.Errorf("submit to another member's case: %d %s", a.Status, a.Body)
	}
	if a := ana.Call("POST", filesRoute, "/api/v1/cases/case-b/files", theirs); a.Status != 400 ||
		a.FieldError("files") != "dup.pdf has not been uploaded to this case." {
		t.Errorf("another member's file to one's own case: %d %s", a.Status, a.Body)
	}
	if b.Cases.FileWrites != 0 {
		t.Errorf("%d case writes", b.Cases.FileWrites)
	}
}

func TestSubmissionsNameOnlyUploadedFiles(t *testing.T) {
	b, maria, _ := uploadsBFF(t)
	up := maria.Want(maria.Upload("case-a", "a.pdf", "application/pdf", samples.PDF(900)), 201)
	good := ref(up)
	for _, c := range []struct {
		what string
		body any
		want string
	}{
		{"nothing", map[string]any{"files": []any{}}, "Upload at least one file before submitting."},
		{"a file never uploaded", map[string]any{"files": []any{map[string]any{
			"name": "b.pdf", "path": "forms/uploads/member-a/case-a/b.pdf", "bucket": good["bucket"], "url": ""}}},
			"b.pdf has not been uploaded to this case."},
		{"another bucket", map[string]any{"files": []any{map[string]any{
			"name": "a.pdf", "path": good["path"], "bucket": "someone-elses-bucket", "url": good["url"]}}},
			"a.pdf has not been uploaded to this case."},
		{"a path outside the case", map[string]any{"files": []any{map[string]any{
			"name": "a.pdf", "path": "forms/uploads/member-a/other/a.pdf", "bucket": good["bucket"], "url": good["url"]}}},
			"a.pdf has not been uploaded to this case."},
	} {
		a := maria.Call("POST", filesRoute, "/api/v1/cases/case-a/files", c.body)
		if a.Status != 400 || a.FieldError("files") != c.want {
			t.Errorf("%s: %d %s", c.what, a.Status, a.Body)
		}
	}
	if a := maria.Call("POST", filesRoute, "/api/v1/cases/case-a/files", "{"); a.Status != 400 {
		t.Errorf("not JSON: %d", a.Status)
	}
	b.Cases.Fail = true
	if a := maria.Call("POST", filesRoute, "/api/v1/cases/case-a/files", map[string]any{"files": []any{good}}); a.Status != 503 ||
		!strings.Contains(a.Title(), "Something went wrong") && a.Title() != "The case store is unavailable." {
		t.Errorf("store down: %d %s", a.Status, a.Body)
	}
	b.Cases.Fail = false
	if b.Cases.FileWrites != 0 {
		t.Errorf("%d case writes", b.Cases.FileWrites)
	}
	b.Files.Fail = true
	if a := maria.Upload("case-a", "c.pdf", "application/pdf", samples.PDF(900)); a.Status != 503 ||
		a.Title() != "Files cannot be stored just now. Please try again in a moment, or call 800-472-2005." {
		t.Errorf("bucket down: %d %s", a.Status, a.Body)
	}
}

// TestOtherBodiesStayBounded: streaming is on for the upload only; every other route still
// refuses a body over 1 MiB, declared or chunked.
func TestOtherBodiesStayBounded(t *testing.T) {
	b, maria, _ := uploadsBFF(t)
	huge := `{"files":[` + strings.Repeat(" ", 2<<20) + `]}`
	// A declared length over the limit is answered before the body is read, and the connection
	// closed: the client sees the 413 or, still sending, a reset. Either way nothing ran.
	// Sent to the BFF itself: a proxy in front would report the closed connection its own way.
	req, _ := http.NewRequest("POST", b.Direct+"/api/v1/cases/case-a/files", strings.NewReader(huge))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(harness.SignAsEdge(req))
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != 413 {
			t.Errorf("declared: %d", resp.StatusCode)
		}
	}
	// Chunked, as maria, to the BFF itself too: it answers once 1 MiB is read and closes while the
	// client still sends, so only the BFF's own answer shows what it refused.
	req, _ = http.NewRequest("POST", b.Direct+"/api/v1/cases/case-a/files", io.MultiReader(strings.NewReader(huge)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", maria.CookieHeader())
	if resp, err := http.DefaultClient.Do(harness.SignAsEdge(req)); err == nil {
		resp.Body.Close()
		if resp.StatusCode != 413 {
			t.Errorf("chunked: %d", resp.StatusCode)
		}
	}
	small := io.MultiReader(strings.NewReader(`{"files":[]}`))
	if a := maria.Send("POST", filesRoute, "/api/v1/cases/case-a/files", "application/json", small); a.Status != 400 ||
		a.FieldError("files") != "Upload at least one file before submitting." {
		t.Errorf("small chunked body: %d %s", a.Status, a.Body)
	}
}

// TestAnUnreadBodyIsNeverTakenForRequests: a body the BFF refuses without reading must not be
// read as the connection's next requests (request smuggling). The body here holds a request;
// the one answer is the refusal, and the connection closes after it.
func TestAnUnreadBodyIsNeverTakenForRequests(t *testing.T) {
	b, _, _ := uploadsBFF(t)
	smuggled := "GET /healthz HTTP/1.1\r\nHost: bff\r\n\r\n"
	// The files route reads a bounded body; a chunk's route streams its body (a made-up upload,
	// refused before a byte of the body is read).
	for _, target := range []string{"POST /api/v1/cases/case-a/files", "PATCH /api/v1/cases/case-a/uploads/0123456789abcdef-0123456789abcdef0123456789abcdef"} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(b.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		body := smuggled + strings.Repeat("x", 25<<20)
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		go func() {
			_, _ = io.WriteString(conn, target+" HTTP/1.1\r\nHost: bff\r\nContent-Type: application/pdf\r\nContent-Length: "+
				strconv.Itoa(len(body))+"\r\n\r\n"+body)
		}()
		all, _ := io.ReadAll(conn) // until the BFF closes the connection
		conn.Close()
		if n := strings.Count(string(all), "HTTP/1.1 "); n != 1 || !strings.Contains(string(all), "Connection: close") ||
			strings.Contains(string(all), `"status":"ok"`) {
			t.Errorf("%s: %d answers:\n%.600s", target, n, all)
		}
	}
}

// markerAcrossChunks is a PDF whose /JavaScript begins in its first chunk and ends in its second
// (harness.DefaultChunk): each request alone holds only half of the marker.
func markerAcrossChunks() []byte {
	head := samples.PDF(harness.DefaultChunk - len("/Java"))
	head = head[:harness.DefaultChunk-len("/Java")]
	return append(append(head, "/JavaScript (app.alert(1))\n"...), samples.PDF(2000)[len("%PDF-1.4\n"):]...)
}

// TestQuotas: a case holds at most 20 files, a member has at most 6 uploads under way and
// uploads at most 200 MB a day; each refusal says so in the member's words, before a byte is sent.
func TestQuotas(t *testing.T) {
	b, maria, _ := uploadsBFF(t)
	for i := range 19 {
		b.Files.Put(fmt.Sprintf("forms/uploads/member-a/case-a/page-%02d.pdf", i), samples.PDF(900))
	}
	maria.Want(maria.Upload("case-a", "page-19.pdf", "application/pdf", samples.PDF(900)), 201)
	if a := maria.Upload("case-a", "page-20.pdf", "application/pdf", samples.PDF(900)); a.Status != 413 ||
		a.Title() != "This case already has 20 files, the most it can hold. To send more, please call the grants team at 800-472-2005." {
		t.Errorf("a 21st file: %d %s", a.Status, a.Body)
	}

	b.Cases.Put(portal.Case{ID: "case-c", UID: "member-a", FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed", Submitted: harness.Start})
	var started []*harness.TusUpload
	for i := range 6 {
		u, a := maria.BeginUpload("case-c", fmt.Sprintf("part-%d.pdf", i), "application/pdf", 2000)
		if u == nil {
			t.Fatalf("upload %d: %d %s", i, a.Status, a.Body)
		}
		started = append(started, u)
	}
	if _, a := maria.BeginUpload("case-c", "part-6.pdf", "application/pdf", 2000); a.Status != 429 ||
		a.Title() != "You have 6 uploads in progress. Please let one finish, or cancel it, before you add another." {
		t.Errorf("a 7th at once: %d %s", a.Status, a.Body)
	}
	maria.Want(started[0].Cancel(), 204)
	maria.Want(maria.Upload("case-c", "part-6.pdf", "application/pdf", samples.PDF(2000)), 201)

	// 200 MB a day: what was stored in the last 24 hours counts, with what is under way.
	for i := range 9 {
		b.Files.Put(fmt.Sprintf("forms/uploads/member-a/case-d/scan-%d.pdf", i), samples.PDF(20<<20))
	}
	b.Cases.Put(portal.Case{ID: "case-d", UID: "member-a", FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed", Submitted: harness.Start})
	for _, u := range started[1:] {
		maria.Want(u.Cancel(), 204)
	}
	if _, a := maria.BeginUpload("case-d", "scan-9.pdf", "application/pdf", 20<<20); a.Status != 429 ||
		a.Title() != "You can upload up to 200 MB of files a day, and today's are used up. Please try again tomorrow, or call the grants team at 800-472-2005." {
		t.Errorf("over the day's bytes: %d %s", a.Status, a.Body)
	}
	b.Advance(25 * time.Hour)
	if u, a := maria.BeginUpload("case-d", "scan-9.pdf", "application/pdf", 20<<20); u == nil {
		t.Errorf("the next day: %d %s", a.Status, a.Body)
	}
}

// TestOnlyConfirmedMembersUpload: an account whose email is not confirmed cannot store files; once
// confirmed (without signing in again) it can.
func TestOnlyConfirmedMembersUpload(t *testing.T) {
	b, _, _ := uploadsBFF(t)
	lee := &browser{harness.NewBrowser(t, b.URL, harness.LoadContract(t))}
	b.Auth.Add("member-c", "lee@example.com", password, false)
	b.Profiles.Put("member-c", portal.Profile{FirstName: "Lee", LastName: "Park", Email: "lee@example.com"})
	b.Cases.Put(portal.Case{ID: "case-e", UID: "member-c", FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed", Submitted: harness.Start})
	lee.Want(lee.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "lee@example.com", "password": password}), 200)
	if a := lee.Upload("case-e", "a.pdf", "application/pdf", samples.PDF(900)); a.Status != 403 ||
		a.Title() != "Please confirm your email address before you upload documents: open the link we emailed you, then try again." {
		t.Errorf("unconfirmed: %d %s", a.Status, a.Body)
	}
	b.Auth.SetVerified("member-c", true)
	lee.Want(lee.Upload("case-e", "a.pdf", "application/pdf", samples.PDF(900)), 201)
}

// TestAnUploadResumesFromTheServersOffset: after a break the browser asks how far the server got
// and sends only the rest; a chunk over 4 MB is refused unread; only its member reaches an upload;
// Cancel removes what was sent.
func TestAnUploadResumesFromTheServersOffset(t *testing.T) {
	b, maria, ana := uploadsBFF(t)
	data := samples.PDF(3<<20 + 123)
	u, _ := maria.BeginUpload("case-a", "long.pdf", "application/pdf", len(data))
	if u == nil || !strings.HasPrefix(u.Location, "/api/v1/cases/case-a/uploads/") {
		t.Fatalf("created: %+v", u)
	}
	maria.Want(u.Patch(0, data[:1<<20]), 204)
	maria.Want(u.Patch(1<<20, data[1<<20:2<<20]), 204)
	if got := u.Offset(); got != 2<<20 {
		t.Fatalf("offset after two chunks: %d", got)
	}
	// A chunk sent again from an offset the server has passed is refused; nothing is written twice.
	if a := u.Patch(1<<20, data[1<<20:2<<20]); a.Status != 409 {
		t.Errorf("an old offset: %d %s", a.Status, a.Body)
	}
	if a := u.Patch(2<<20, make([]byte, uploads.MaxChunk+1)); a.Status != 413 {
		t.Errorf("a chunk over 4 MB: %d %s", a.Status, a.Body)
	}
	// Ana, with Maria's upload's address: not found, whatever she asks.
	theirs := u.On(ana.Browser)
	if got := theirs.Offset(); got != -1 {
		t.Errorf("another member's HEAD: %d", got)
	}
	if a := theirs.Patch(2<<20, data[2<<20:]); a.Status != 404 {
		t.Errorf("another member's PATCH: %d %s", a.Status, a.Body)
	}
	if a := theirs.Cancel(); a.Status != 404 {
		t.Errorf("another member's DELETE: %d %s", a.Status, a.Body)
	}
	done := maria.Want(u.Send(data, 2<<20, harness.DefaultChunk), 201)
	if done.JSON["size"] != float64(len(data)) || !bytes.Equal(b.Files.Data("forms/uploads/member-a/case-a/long.pdf"), data) {
		t.Errorf("stored: %s", done.Body)
	}
	if pending, _ := b.Staging.Pending(t.Context(), ""); len(pending) != 0 {
		t.Errorf("left in staging after finishing: %+v", pending)
	}

	cancelled, _ := maria.BeginUpload("case-a", "gone.pdf", "application/pdf", len(data))
	maria.Want(cancelled.Patch(0, data[:1<<20]), 204)
	maria.Want(cancelled.Cancel(), 204)
	if got := cancelled.Offset(); got != -1 {
		t.Errorf("a cancelled upload's offset: %d", got)
	}
	if pending, _ := b.Staging.Pending(t.Context(), ""); len(pending) != 0 {
		t.Errorf("left in staging after Cancel: %+v", pending)
	}
	if paths := b.Files.Paths(); len(paths) != 1 {
		t.Errorf("stored: %v", paths)
	}
}
