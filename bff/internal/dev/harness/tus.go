package harness

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"strconv"
)

// The tus routes of a case's documents, as the contract names them.
const (
	uploadsRoute = "/api/v1/cases/{caseId}/uploads"
	uploadRoute  = "/api/v1/cases/{caseId}/uploads/{uploadId}"
)

// DefaultChunk is the chunk a browser sends (contracts/uploads.json limits.chunkBytes).
const DefaultChunk = 1 << 20

// TusUpload is a resumable upload begun through the BFF, sent the way tus-js-client sends one:
// the creation, then PATCH requests of the next bytes, each from the offset the server has.
type TusUpload struct {
	br       *Browser
	Location string
	Length   int
}

// BeginUpload creates an upload of length bytes of the file name (declared type, "" for none)
// for caseID. It answers the upload (nil when refused) and the creation's answer.
func (br *Browser) BeginUpload(caseID, name, declared string, length int) (*TusUpload, Answer) {
	br.T.Helper()
	h := tusHeader()
	h.Set("Upload-Length", strconv.Itoa(length))
	h.Set("Upload-Metadata", "filename "+base64.StdEncoding.EncodeToString([]byte(name))+",filetype "+base64.StdEncoding.EncodeToString([]byte(declared)))
	a := br.SendWith("POST", uploadsRoute, "/api/v1/cases/"+caseID+"/uploads", h, nil)
	if a.Status != http.StatusCreated {
		return nil, a
	}
	return &TusUpload{br: br, Location: a.Header.Get("Location"), Length: length}, a
}

// Upload sends data as the file name of caseID in chunks of DefaultChunk: the creation's answer
// when it is refused, or the answer to the last chunk (the stored file, or why it was refused).
func (br *Browser) Upload(caseID, name, declared string, data []byte) Answer {
	br.T.Helper()
	u, a := br.BeginUpload(caseID, name, declared, len(data))
	if u == nil {
		return a
	}
	return u.Send(data, 0, DefaultChunk)
}

// On is the upload sent through another browser (the same person at another replica).
func (u *TusUpload) On(br *Browser) *TusUpload {
	other := *u
	other.br = br
	return &other
}

// Send sends data from offset on, chunk bytes per request; it answers the last request's
// answer, or the first that was not 204 (a refusal).
func (u *TusUpload) Send(data []byte, offset, chunk int) Answer {
	u.br.T.Helper()
	var a Answer
	for offset < len(data) {
		end := min(offset+chunk, len(data))
		a = u.Patch(offset, data[offset:end])
		if a.Status != http.StatusNoContent {
			return a
		}
		offset = end
	}
	return a
}

// Patch sends one chunk at offset.
func (u *TusUpload) Patch(offset int, chunk []byte) Answer {
	u.br.T.Helper()
	h := tusHeader()
	h.Set("Content-Type", "application/offset+octet-stream")
	h.Set("Upload-Offset", strconv.Itoa(offset))
	return u.br.SendWith("PATCH", uploadRoute, u.Location, h, bytes.NewReader(chunk))
}

// Offset asks how many bytes the server has (HEAD); -1 when it answers other than 200.
func (u *TusUpload) Offset() int {
	u.br.T.Helper()
	a := u.br.SendWith("HEAD", uploadRoute, u.Location, tusHeader(), nil)
	if a.Status != http.StatusOK {
		return -1
	}
	n, err := strconv.Atoi(a.Header.Get("Upload-Offset"))
	if err != nil {
		u.br.T.Fatalf("HEAD %s: Upload-Offset %q", u.Location, a.Header.Get("Upload-Offset"))
	}
	return n
}

// Cancel ends the upload (tus termination).
func (u *TusUpload) Cancel() Answer {
	u.br.T.Helper()
	return u.br.SendWith("DELETE", uploadRoute, u.Location, tusHeader(), nil)
}

func tusHeader() http.Header {
	h := http.Header{}
	h.Set("Tus-Resumable", "1.0.0")
	return h
}
