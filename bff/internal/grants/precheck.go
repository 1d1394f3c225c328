package grants

import (
	"context"
	"log/slog"
	"strings"
)

// The job loss pre-check (spec 2 §2, §4, §8, §9) is a public wizard; the browser applies its day
// rules (contracts/grants.json's precheck) in the member's calendar. The BFF only gives what
// depends on the deployment and the CMS.
const (
	// precheckKind is the catalogue kind of the form the wizard leads to.
	precheckKind = "job_loss_card"
	// documentsPDF is the global variable's key of the supporting-documentation PDF.
	documentsPDF = "job_loss_documents_pdf"
)

// Precheck is the job loss pre-check's settings: the same for every visitor. The PDF link is
// left out when the CMS has none, or none that is safe, or cannot be read: the wizard still
// works without it.
func (s *FormService) Precheck(ctx context.Context) (JobLossPrecheck, error) {
	out := JobLossPrecheck{ProductName: s.o.ProductName, SupportPhone: s.o.SupportPhone}
	for _, f := range s.catalogue.Forms() {
		if f.Kind == precheckKind {
			out.FormID = f.ID
			break
		}
	}
	global, err := s.variable(ctx, globalVariable)
	if err != nil {
		s.o.Logger.WarnContext(ctx, "pre-check without its documents link", slog.String("error", err.Error()))
		return out, nil
	}
	out.DocumentsURL = s.fileURL(global.String(documentsPDF))
	return out, nil
}

// fileURL is a CMS file link made absolute on the CMS's public address: a site path is put
// under FilesURL, an http(s) URL kept; anything else ("javascript:", "//host/...") is "".
func (s *FormService) fileURL(v string) string {
	v = safeLink(v)
	if !strings.HasPrefix(v, "/") {
		return v
	}
	if s.o.FilesURL == "" {
		return ""
	}
	return strings.TrimRight(s.o.FilesURL, "/") + v
}
