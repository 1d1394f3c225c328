package uploads

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// The quotas (contracts/uploads.json limits) keep one account from filling the bucket or holding
// the BFF's memory with uploads: a case holds at most filesPerCase files, a member uploads at most
// bytesPerDay in any 24 hours, and has at most uploadsInFlight uploads under way at once. They
// are counted from the bucket itself (the case folders and the staging area), which every
// replica sees, so no counter can drift from what is stored. Two uploads begun at the same
// instant may both pass; the files-per-case bound is checked again when a file is stored.

// confirmed refuses a member whose email address is not confirmed: an account anybody can open
// with any address must not be able to store files. The session says what was true at sign-in,
// so an unconfirmed one is asked again.
func (s *Service) confirmed(ctx context.Context, id portal.Identity) error {
	if id.EmailVerified {
		return nil
	}
	if s.o.Users != nil {
		fresh, err := s.o.Users.User(ctx, id.UID)
		if err != nil && !apperr.Is(err, apperr.NotFound) {
			return s.unavailable(err)
		}
		if err == nil && fresh.EmailVerified {
			return nil
		}
	}
	return apperr.New(apperr.Forbidden, msg("verifyFirst"))
}

// withinQuotas checks the quotas for a new upload of size bytes to the case c.
func (s *Service) withinQuotas(ctx context.Context, id portal.Identity, c portal.Case, size int64) error {
	pending, err := s.staging.Pending(ctx, memberUploads(id.UID))
	if err != nil {
		return s.unavailable(err)
	}
	now := s.o.Now()
	inFlight, forCase := 0, 0
	var pendingBytes int64
	for _, p := range pending {
		if p.Active.After(now.Add(-inFlightWindow())) {
			inFlight++
		}
		if p.CaseID == c.ID {
			forCase++
		}
		pendingBytes += p.Size
	}
	if inFlight >= rules.Limits.UploadsInFlight {
		return apperr.New(apperr.RateLimited, msg("tooManyInFlight", "max", strconv.Itoa(rules.Limits.UploadsInFlight)))
	}
	if err := s.caseHasRoom(ctx, id, c, forCase); err != nil {
		return err
	}
	stored, err := s.files.List(ctx, "forms/uploads/"+id.UID+"/")
	if err != nil {
		return s.unavailable(err)
	}
	today := pendingBytes + size
	for _, f := range stored {
		if f.Created.After(now.Add(-24 * time.Hour)) {
			today += f.Size
		}
	}
	if today > rules.Limits.BytesPerDay {
		return apperr.New(apperr.RateLimited, msg("dailyLimit", "max", formatBytes(rules.Limits.BytesPerDay), "phone", s.o.SupportPhone))
	}
	return nil
}

// caseHasRoom refuses one more file for the case c when its folder, with the case's other
// uploads under way (pending), already holds filesPerCase.
func (s *Service) caseHasRoom(ctx context.Context, id portal.Identity, c portal.Case, pending int) error {
	dir, err := folder(id.UID, c.ID)
	if err != nil {
		return err
	}
	stored, err := s.files.List(ctx, dir)
	if err != nil {
		return s.unavailable(err)
	}
	n := pending
	for _, f := range stored {
		if name := strings.TrimPrefix(f.Path, dir); name != "" && !strings.Contains(name, "/") {
			n++
		}
	}
	if n >= rules.Limits.FilesPerCase {
		return apperr.New(apperr.TooLarge, msg("caseFull", "max", strconv.Itoa(rules.Limits.FilesPerCase), "phone", s.o.SupportPhone))
	}
	return nil
}

func inFlightWindow() time.Duration { return time.Duration(rules.Limits.InFlightMinutes) * time.Minute }

// resumableFor is how long an unfinished upload is kept for its member to continue it.
func resumableFor() time.Duration { return time.Duration(rules.Limits.ResumableHours) * time.Hour }

// memberUploads is how the id of each of a member's uploads in the staging area begins: a digest
// of the uid, so that an id shows whose it is without naming them, and a member's uploads are one
// listing of the staging area.
func memberUploads(uid string) string {
	sum := sha256.Sum256([]byte("uploads:" + uid))
	return hex.EncodeToString(sum[:8]) + "-"
}

// newUploadID is a fresh id for an upload of the member uid: their prefix and 128 random bits.
func newUploadID(uid string) string {
	return memberUploads(uid) + hex.EncodeToString(randomBytes(16))
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return b
}

// formatBytes is a size as the messages say it: "200 MB".
func formatBytes(n int64) string {
	return strconv.FormatInt(n>>20, 10) + " MB"
}
