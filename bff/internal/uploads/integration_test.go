//go:build integration

package uploads_test

// Case documents against the real stand-ins: fake-gcs-server for the bucket, the Firestore
// emulator for cases, the Auth emulator for sessions. Run through
// `.bin/stack test -- go test -tags integration ./bff/...`, or inside `eval "$(.bin/stack env)"`
// next to `make dev`.

import (
	"bytes"
	"context"
	"crypto/md5"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/dev/poll"
	"github.com/union-benefits/portal/bff/internal/dev/redistest"
	"github.com/union-benefits/portal/bff/internal/firestore"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/redis"
	"github.com/union-benefits/portal/bff/internal/storage"
	"github.com/union-benefits/portal/bff/internal/uploads/uploadstest/samples"
)

// stores are the emulators' case store and bucket, opened as the BFF opens them.
type stores struct {
	cases  *firestore.Cases
	bucket *storage.Bucket
}

func openStores(t *testing.T) stores {
	t.Helper()
	p, err := firestore.New(context.Background(), os.Getenv("FIREBASE_PROJECT_ID"), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := storage.New(context.Background(), os.Getenv("STORAGE_BUCKET"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close(); _ = b.Close() })
	return stores{cases: p.Cases(), bucket: b}
}

// member registers a new member through the BFF, confirms their email address as they would, and
// gives them a case in the emulator.
func (s stores) member(t *testing.T, b *harness.BFF, c *harness.Contract) (*browser, string, string) {
	t.Helper()
	br := &browser{harness.NewBrowser(t, b.URL, c)}
	harness.ConfirmEmail(t, br.SignUp("uploads", password))
	uid := br.UID()
	caseID := fmt.Sprintf("uploads%016x", rand.Uint64())
	if _, _, err := s.cases.CreateCase(context.Background(), portal.Case{
		ID: caseID, UID: uid, FormID: "hospital-grant", Title: "Hospital Grant", Status: "unprocessed",
	}); err != nil {
		t.Fatal(err)
	}
	return br, uid, caseID
}

// staged lists the objects of the bucket's staging area whose upload id starts with prefix.
func (s stores) staged(t *testing.T, prefix string) []string {
	t.Helper()
	objects, err := s.bucket.List(context.Background(), storage.StagingPrefix+"/"+prefix)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range objects {
		names = append(names, o.Path)
	}
	return names
}

// stored lists the names in a case's folder of the real bucket.
func (s stores) stored(t *testing.T, uid, caseID string) []string {
	t.Helper()
	prefix := "forms/uploads/" + uid + "/" + caseID + "/"
	objects, err := s.bucket.List(context.Background(), prefix)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range objects {
		names = append(names, strings.TrimPrefix(o.Path, prefix))
	}
	slices.Sort(names)
	return names
}

func TestUploadsAgainstFakeGCS(t *testing.T) {
	b := harness.ServeOnEmulators(t, nil)
	c := harness.LoadContract(t)
	s := openStores(t)
	maria, uid, caseID := s.member(t, b, c)

	// Three files, one of 5 MB: five chunks, composed in the staging area.
	large := samples.PDF(5 << 20)
	ups := []harness.Answer{
		maria.Want(maria.Upload(caseID, "pay-stub.pdf", "application/pdf", large), 201),
		maria.Want(maria.Upload(caseID, "bill.png", "image/png", samples.PNG(40_000)), 201),
		maria.Want(maria.Upload(caseID, "letter.doc", "application/msword", samples.DOC(30_000)), 201),
	}
	// The metadata as the bucket keeps it: the size, and the accepted type's MIME type.
	meta, err := s.bucket.Stat(context.Background(), "forms/uploads/"+uid+"/"+caseID+"/pay-stub.pdf")
	if err != nil || meta.Size != int64(len(large)) || meta.ContentType != "application/pdf" || len(meta.MD5) != 16 {
		t.Fatalf("metadata: %+v %v", meta, err)
	}
	files := maria.files(caseID)
	if len(files) != 3 || harness.Dig(files[0], "name") != "bill.png" || harness.Dig(files[0], "state") != "failed" ||
		harness.Dig(files[2], "size") != float64(len(large)) {
		t.Fatalf("listed before submitting: %v", files)
	}

	body := map[string]any{"files": []any{ref(ups[0]), ref(ups[1]), ref(ups[2])}}
	after := maria.Want(maria.Call("POST", filesRoute, "/api/v1/cases/"+caseID+"/files", body), 200)
	again := maria.Want(maria.Call("POST", filesRoute, "/api/v1/cases/"+caseID+"/files", body), 200)
	if !bytes.Equal(after.Body, again.Body) {
		t.Fatalf("the repeat changed the case:\n%s\n%s", after.Body, again.Body)
	}
	stored, err := s.cases.CaseOf(context.Background(), uid, caseID)
	if err != nil || len(stored.Files) != 3 {
		t.Fatalf("the case's files: %+v %v", stored.Files, err)
	}
	for _, f := range stored.Files {
		if f.Status != "submitted" || f.Added == nil || f.Bucket != os.Getenv("STORAGE_BUCKET") ||
			f.URL != "gs://"+f.Bucket+"/forms/uploads/"+uid+"/"+caseID+"/"+f.Name ||
			f.MIME == "" || f.Size <= 0 { // spec 2 §3's filemime and filesize, read back from Firestore
			t.Errorf("stored file %+v", f)
		}
	}
	for _, f := range after.JSON["files"].([]any) {
		if harness.Dig(f, "state") != "added" {
			t.Errorf("after submitting: %v", f)
		}
	}

	// Ownership: Ana cannot list Maria's case, upload to it or submit to it.
	ana, anaUID, anaCase := s.member(t, b, c)
	if a := ana.Call("GET", filesRoute, "/api/v1/cases/"+caseID+"/files", nil); a.Status != 404 {
		t.Errorf("another member's list: %d", a.Status)
	}
	if a := ana.Upload(caseID, "x.pdf", "application/pdf", samples.PDF(900)); a.Status != 404 {
		t.Errorf("upload to another member's case: %d", a.Status)
	}
	if a := ana.Call("POST", filesRoute, "/api/v1/cases/"+caseID+"/files", body); a.Status != 404 {
		t.Errorf("submit to another member's case: %d", a.Status)
	}
	if names := s.stored(t, uid, caseID); !slices.Equal(names, []string{"bill.png", "letter.doc", "pay-stub.pdf"}) {
		t.Errorf("Maria's folder: %v", names)
	}
	if names := s.stored(t, anaUID, anaCase); len(names) != 0 {
		t.Errorf("Ana's folder: %v", names)
	}
}

// TestAttacksStoreNothingInTheBucket runs the attack list against fake-gcs-server: the checks that
// fail at the end of a file (an appended archive, a script far in) refuse an upload whose every
// chunk the bucket's staging area has received, and must leave nothing in the case's folder or
// the staging area.
func TestAttacksStoreNothingInTheBucket(t *testing.T) {
	b := harness.ServeOnEmulators(t, nil)
	c := harness.LoadContract(t)
	s := openStores(t)
	maria, uid, caseID := s.member(t, b, c)
	_, _, otherCase := s.member(t, b, c)
	for _, a := range []struct {
		what, caseID, name, contentType string
		body                            []byte
		status                          int
	}{
		{"an .exe renamed .pdf", caseID, "scan.pdf", "application/pdf", samples.ExeAsPDF(), 400},
		{"a PDF with an archive appended", caseID, "bill.pdf", "application/pdf", append(samples.PDF(3<<20), samples.PolyglotPDFZip()...), 400},
		{"a JPEG with a script", caseID, "photo.jpg", "image/jpeg", samples.JPEGWithScript(), 400},
		{"a script named with escapes, /J#61vaScript", caseID, "form.pdf", "application/pdf", samples.EscapedScriptPDF(), 400},
		{"a script compressed in an object stream, far into a large file", caseID, "form.pdf", "application/pdf",
			append(samples.PDF(3<<20), samples.ScriptInObjectStreamPDF()[len("%PDF-1.5\n"):]...), 400},
		{"a script marker split across two chunks", caseID, "split.pdf", "application/pdf", markerAcrossChunks(), 400},
		{"20 MB + 1 byte", caseID, "big.pdf", "application/pdf", overLimit(), 413},
		{"declared application/octet-stream", caseID, "a.pdf", "application/octet-stream", samples.PDF(900), 400},
		{"a traversal name", caseID, "../" + otherCase + "/a.pdf", "application/pdf", samples.PDF(900), 400},
		{"a NUL in the name", caseID, "a\x00.pdf", "application/pdf", samples.PDF(900), 400},
		{"another member's case", otherCase, "a.pdf", "application/pdf", samples.PDF(900), 404},
	} {
		if got := maria.Upload(a.caseID, a.name, a.contentType, a.body); got.Status != a.status {
			t.Errorf("%s: %d %s", a.what, got.Status, got.Body)
		}
	}
	visitor := &browser{harness.NewBrowser(t, b.URL, c)}
	if a := visitor.Upload(caseID, "a.pdf", "application/pdf", samples.PDF(900)); a.Status != 401 {
		t.Errorf("no session: %d", a.Status)
	}
	// A browser closed mid-chunk: the connection ends a quarter of the way through the chunk's
	// declared length. The server keeps the bytes that arrived (tus), and the upload goes on from
	// there: nothing before the offset is sent again, and nothing is in the case until the end.
	data := samples.PDF(400_000)
	u, _ := maria.BeginUpload(caseID, "cut.pdf", "application/pdf", len(data))
	cutOff(t, b, maria.CookieHeader(), u.Location, data, 100_000)
	offset := u.Offset()
	if offset != 100_000 {
		t.Errorf("offset after a chunk cut off at 100000: %d", offset)
	}
	if names := s.stored(t, uid, caseID); len(names) != 0 {
		t.Fatalf("stored after the attacks: %v", names)
	}
	maria.Want(u.Send(data, offset, harness.DefaultChunk), 201)
	if names := s.stored(t, uid, caseID); !slices.Equal(names, []string{"cut.pdf"}) {
		t.Fatalf("stored after the cut-off upload finished: %v", names)
	}
	if left := s.staged(t, ""); len(left) != 0 {
		t.Errorf("left in the staging area: %v", left)
	}
}

// twoReplicas are two BFFs on the stack's emulators (with env's variables), and a member with a
// case signed in through the first, maria, who is the same browser at the second, elsewhere.
type twoReplicas struct {
	stores
	one         *harness.BFF
	maria       *browser
	elsewhere   *harness.Browser
	uid, caseID string
}

func onTwoReplicas(t *testing.T, env map[string]string) twoReplicas {
	t.Helper()
	one := harness.ServeOnEmulators(t, env)
	two := harness.ServeOnEmulators(t, env)
	s := openStores(t)
	maria, uid, caseID := s.member(t, one, harness.LoadContract(t))
	return twoReplicas{stores: s, one: one, maria: maria, elsewhere: maria.At(two.URL), uid: uid, caseID: caseID}
}

// TestAnUploadMovesBetweenReplicas: one member's upload begun on one replica of the BFF goes on
// on another (their load balancer's choice), which finishes it: the staging area is the bucket,
// which every replica reads. And two tabs racing on one name still end with one file.
func TestAnUploadMovesBetweenReplicas(t *testing.T) {
	r := onTwoReplicas(t, nil)
	s, maria, uid, caseID, elsewhere := r.stores, r.maria, r.uid, r.caseID, r.elsewhere

	data := samples.PDF(3<<20 + 500)
	u, a := maria.BeginUpload(caseID, "moved.pdf", "application/pdf", len(data))
	if u == nil {
		t.Fatalf("begin: %d %s", a.Status, a.Body)
	}
	maria.Want(u.Patch(0, data[:1<<20]), 204)
	there := u.On(elsewhere)
	if got := there.Offset(); got != 1<<20 {
		t.Fatalf("the other replica's offset: %d", got)
	}
	maria.Want(there.Patch(1<<20, data[1<<20:2<<20]), 204)
	if got := u.Offset(); got != 2<<20 {
		t.Fatalf("back on the first: %d", got)
	}
	done := maria.Want(there.Send(data, 2<<20, harness.DefaultChunk), 201)
	stored, err := s.bucket.Stat(context.Background(), "forms/uploads/"+uid+"/"+caseID+"/moved.pdf")
	if err != nil || stored.Size != int64(len(data)) || done.JSON["size"] != float64(len(data)) {
		t.Fatalf("stored: %+v %v %s", stored, err, done.Body)
	}

	// Two tabs, one on each replica, upload different files under one name at once: one is
	// stored, the other told; the same file from both: one file, both told it is stored.
	var wg sync.WaitGroup
	statuses := make([]int, 2)
	tabs := []*browser{maria, {elsewhere}}
	for i := range 2 {
		wg.Go(func() {
			statuses[i] = tabs[i].Upload(caseID, "same.pdf", "application/pdf", samples.PDF(1<<20+i)).Status
		})
	}
	wg.Wait()
	slices.Sort(statuses)
	if !slices.Equal(statuses, []int{201, 409}) {
		t.Errorf("two files under one name: %v", statuses)
	}
	twin := samples.PDF(2<<20 + 7)
	for i := range 2 {
		wg.Go(func() { statuses[i] = tabs[i].Upload(caseID, "twin.pdf", "application/pdf", twin).Status })
	}
	wg.Wait()
	slices.Sort(statuses)
	if !slices.Equal(statuses, []int{200, 201}) {
		t.Errorf("one file from two tabs: %v", statuses)
	}
	if names := s.stored(t, uid, caseID); !slices.Equal(names, []string{"moved.pdf", "same.pdf", "twin.pdf"}) {
		t.Errorf("stored: %v", names)
	}
	if left := s.staged(t, ""); len(left) != 0 {
		t.Errorf("left in the staging area: %v", left)
	}
}

// TestAChunkStillArrivingOnOneReplicaStopsWhenAnotherIsAsked: a phone's connection drops in the
// middle of a chunk; the replica reading it has not noticed yet when the phone, back online,
// asks another replica where to go on. That one must not answer until the first has stopped and
// stored what it read (the shared lock, and the holder asked to let go): an offset from before
// those bytes would make the next chunk out of step, or store bytes twice. The rest, sent from
// the offset it answers, makes exactly the file.
func TestAChunkStillArrivingOnOneReplicaStopsWhenAnotherIsAsked(t *testing.T) {
	shared := redistest.Require(t)
	r := onTwoReplicas(t, map[string]string{"REDIS_URL": shared.URL()})
	s, maria, uid, caseID, elsewhere := r.stores, r.maria, r.uid, r.caseID, r.elsewhere

	data := samples.PDF(3 << 20)
	u, a := maria.BeginUpload(caseID, "dropped.pdf", "application/pdf", len(data))
	if u == nil {
		t.Fatalf("begin: %d %s", a.Status, a.Body)
	}
	// A chunk of 1 MB declared, of which 600 kB arrive, and then nothing: the connection is
	// still open, as a dropped phone's is to the server until it times out.
	const declared, arrived = 1 << 20, 600_000
	conn := startChunk(t, r.one, maria.CookieHeader(), u.Location, 0, declared)
	if _, err := conn.Write(data[:arrived]); err != nil {
		t.Fatal(err)
	}
	locks, err := redis.New(shared.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = locks.Close() })
	if !poll.Until(10*time.Second, 10*time.Millisecond, func() bool { return heldElsewhere(t, locks, u.Location) }) {
		t.Fatal("the first replica never locked the upload for the chunk it reads")
	}

	offset := u.On(elsewhere).Offset()
	if offset < 0 || offset > arrived {
		t.Fatalf("the other replica's offset: %d (of %d arrived)", offset, arrived)
	}
	// The rest of the broken chunk reaches the first replica late: it stopped reading, and stores
	// none of it.
	if _, err := conn.Write(data[arrived:declared]); err != nil {
		t.Fatal(err)
	}
	_ = conn.Close()
	if got := u.On(elsewhere).Offset(); got != offset {
		t.Fatalf("the first replica went on storing the chunk after the other answered: offset %d, then %d", offset, got)
	}
	done := maria.Want(u.On(elsewhere).Send(data, offset, harness.DefaultChunk), 201)
	stored, err := s.bucket.Stat(context.Background(), "forms/uploads/"+uid+"/"+caseID+"/dropped.pdf")
	sum := md5.Sum(data)
	if err != nil || stored.Size != int64(len(data)) || !bytes.Equal(stored.MD5, sum[:]) {
		t.Fatalf("stored: %+v %v %s", stored, err, done.Body)
	}
}

// startChunk sends the headers of a chunk of declared bytes from offset of the upload at
// location, and answers the connection to send its body on.
func startChunk(t *testing.T, b *harness.BFF, cookie, location string, offset, declared int) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(b.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	fmt.Fprintf(conn, "PATCH %s HTTP/1.1\r\nHost: bff\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: %d\r\n"+
		"Content-Type: application/offset+octet-stream\r\nCookie: %s\r\nContent-Length: %d\r\n\r\n", location, offset, cookie, declared)
	return conn
}

// heldElsewhere reports whether a replica holds the upload at location's lock: a probe that
// finds it free lets go at once.
func heldElsewhere(t *testing.T, locks *redis.Client, location string) bool {
	t.Helper()
	ctx := context.Background()
	key := "uploads:lock:" + location[strings.LastIndex(location, "/")+1:]
	took, err := locks.Lock(ctx, key, "probe", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if took {
		_ = locks.Unlock(ctx, key, "probe")
	}
	return !took
}

// cutOff sends the first n bytes of a chunk of data declared whole to the upload at location,
// then closes the connection, and waits for the BFF to have finished with it.
func cutOff(t *testing.T, b *harness.BFF, cookie, location string, data []byte, n int) {
	t.Helper()
	before := chunksAnswered(t, b.Admin)
	conn := startChunk(t, b, cookie, location, 0, len(data))
	_, _ = conn.Write(data[:n])
	_ = conn.Close()
	// The BFF is done with it once its metrics count one more chunk answered.
	if !poll.Until(10*time.Second, 20*time.Millisecond, func() bool { return chunksAnswered(t, b.Admin) > before }) {
		t.Fatal("the BFF never finished the cut-off chunk")
	}
}

// chunksAnswered is how many chunks of uploads the BFF has answered, from the metrics of its
// admin listener at admin.
func chunksAnswered(t *testing.T, admin string) int {
	t.Helper()
	_, _, body := harness.Get(t, admin+"/metrics")
	n := 0
	for _, line := range strings.Split(string(body), "\n") {
		if strings.HasPrefix(line, "bff_http_request_duration_seconds_count{") && strings.Contains(line, `method="PATCH"`) &&
			strings.Contains(line, `route="/api/v1/cases/:caseId/uploads/:uploadId"`) {
			var count int
			_, _ = fmt.Sscan(line[strings.LastIndex(line, " ")+1:], &count)
			n += count
		}
	}
	return n
}

// TestTheDemoMembersSeededFiles: the fixtures give the demo member's hospital case one file of
// each state.
func TestTheDemoMembersSeededFiles(t *testing.T) {
	b := harness.ServeOnEmulators(t, nil)
	br := &browser{harness.NewBrowser(t, b.URL, harness.LoadContract(t))}
	br.Want(br.Call("POST", "/api/v1/session", "/api/v1/session", map[string]any{"email": "member@example.com", "password": password}), 200)
	files := br.files("3f9c2a7e51d04b6c8e1f0a2b4c6d8e90")
	var got []string
	for _, f := range files {
		got = append(got, fmt.Sprint(harness.Dig(f, "name"), " ", harness.Dig(f, "state")))
	}
	want := []string{"discharge-summary.pdf failed", "hospital-bill.pdf sending", "pay-stub-august.pdf added"}
	if !slices.Equal(got, want) {
		t.Errorf("seeded files: %v", got)
	}
}
