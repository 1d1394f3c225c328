// Package firestore is the BFF's repository over Cloud Firestore: member profiles
// (profiles/{uid}), the site settings (settings/site) and grant cases (cases/{id}, see Cases). It is the one package that imports the
// Firestore SDK, so SDK types and gRPC status codes stop here and callers see portal types and
// *apperr.Error only.
package firestore

import (
	"context"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	gfs "cloud.google.com/go/firestore"
	"google.golang.org/api/option"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/metrics"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/bff/internal/telemetry"
)

// DefaultTimeout bounds each call when Profiles.Timeout is zero. A page render waits on the
// profile, so a stalled store must fail fast into a 503 rather than hold the request open.
const DefaultTimeout = 5 * time.Second

const (
	profilesCollection = "profiles"
	settingsCollection = "settings"
	// endedSessionsCollection holds signed-out sessions by the hash of their cookie, with the
	// time they expire anyway in expiresAt: a Firestore TTL policy on that field deletes them.
	endedSessionsCollection = "endedSessions"
	settingsDocID           = "site"

	msgNotFound    = "Profile not found."
	msgUnavailable = "The profile store is unavailable."
)

// Profiles implements portal.Profiles over a Firestore database.
type Profiles struct {
	conn
	// settingsID is the settings document's id, settingsDocID unless a test needs a document of
	// its own: the emulator's settings/site is shared with every other package's tests.
	settingsID string
}

var _ portal.Profiles = (*Profiles)(nil)

// conn is what Profiles and the stores on its connection (Carts, Cases, CommentAccess, Partners,
// Subscriptions) hold: the client, and the bound on each call.
type conn struct {
	// Timeout bounds every call, on top of the caller's context; zero means DefaultTimeout.
	Timeout time.Duration
	client  *gfs.Client
}

// New connects to projectID's default database. With FIRESTORE_EMULATOR_HOST set the SDK talks to
// that emulator without credentials; otherwise it uses Application Default Credentials. The
// connection is made lazily, so an unreachable store shows up on the first call, not here.
// Every RPC is an upstream call in m (nil records none) with a span of its own: this stats
// handler replaces the library's OpenTelemetry one, which would make a second span per RPC.
func New(ctx context.Context, projectID string, m *metrics.Metrics) (*Profiles, error) {
	measured := grpc.WithStatsHandler(telemetry.GRPC(m, telemetry.Firestore))
	opts := []option.ClientOption{option.WithTelemetryDisabled(), option.WithGRPCDialOption(measured)}
	if addr := os.Getenv("FIRESTORE_EMULATOR_HOST"); addr != "" {
		// Under the emulator the SDK dials a connection of its own and drops every dial option,
		// ours included, so the stack's Firestore calls would go unmeasured and untraced. The
		// same connection the SDK would make (plaintext, the emulator's owner token), with our
		// handler on it; a connection passed in wins over the SDK's (client.go appends ours last).
		conn, err := grpc.NewClient(emulatorTarget(addr),
			grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithPerRPCCredentials(emulatorOwner{}),
			measured)
		if err != nil {
			return nil, apperr.Wrap(apperr.Unavailable, msgUnavailable, err)
		}
		opts = append(opts, option.WithGRPCConn(conn)) // closed by the client's Close
	}
	c, err := gfs.NewClient(ctx, projectID, opts...)
	if err != nil {
		return nil, apperr.Wrap(apperr.Unavailable, msgUnavailable, err)
	}
	return &Profiles{conn: conn{Timeout: DefaultTimeout, client: c}, settingsID: settingsDocID}, nil
}

// emulatorTarget is the gRPC target for FIRESTORE_EMULATOR_HOST, read as the SDK reads it: a
// host:port, possibly written with an http:// scheme.
func emulatorTarget(addr string) string {
	if rest, ok := strings.CutPrefix(addr, "http://"); ok {
		addr = rest
	}
	if strings.Contains(addr, "://") {
		return addr
	}
	return "passthrough:///" + addr
}

// emulatorOwner is the credential the emulator takes for full access, as the SDK sends it.
type emulatorOwner struct{}

func (emulatorOwner) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer owner"}, nil
}

func (emulatorOwner) RequireTransportSecurity() bool { return false }

// Close releases the client's connections.
func (p *Profiles) Close() error {
	if err := p.client.Close(); err != nil {
		return apperr.Wrap(apperr.Unavailable, msgUnavailable, err)
	}
	return nil
}

// Profile reads profiles/{uid}; apperr.NotFound when there is no such document.
func (p *Profiles) Profile(ctx context.Context, uid string) (portal.Profile, error) {
	ref, err := p.profileRef(uid)
	if err != nil {
		// No document can live at an id Firestore would refuse.
		return portal.Profile{}, apperr.Wrap(apperr.NotFound, msgNotFound, err)
	}
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	snap, err := ref.Get(ctx)
	if status.Code(err) == codes.NotFound {
		return portal.Profile{}, apperr.New(apperr.NotFound, msgNotFound)
	}
	if err != nil {
		return portal.Profile{}, unavailable(err)
	}
	return fromDoc(decodeProfile(snap.Data())), nil
}

// SaveProfile writes every field of pr but Favorites and Partners in a single merge write, which
// creates the document when it is missing and never leaves half a profile behind.
func (p *Profiles) SaveProfile(ctx context.Context, uid string, pr portal.Profile) error {
	ref, err := p.profileRef(uid)
	if err != nil {
		return invalidID(err)
	}
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	if _, err := ref.Set(ctx, toDoc(pr), gfs.Merge(savePaths...)); err != nil {
		return unavailable(err)
	}
	return nil
}

// SetFavorite adds (on) or removes every copy of one favorite id and returns the list after it.
//
// It reads and writes in a transaction rather than sending an ArrayUnion or ArrayRemove
// transform: @firestore-emulator/server, the offline stand-in, fails either transform on a
// document without a favorites field, which is every profile SaveProfile created. The
// transaction also returns exactly the list it wrote, where a read after a transform could see a
// later write. It writes at most once, and not at all when the list would not change, so
// removing from a missing profile creates nothing.
func (p *Profiles) SetFavorite(ctx context.Context, uid, id string, on bool) ([]string, error) {
	ref, err := p.profileRef(uid)
	if err != nil {
		return nil, invalidID(err)
	}
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	var out []string
	err = p.client.RunTransaction(ctx, func(_ context.Context, tx *gfs.Transaction) error {
		// Reset on each attempt: the SDK reruns this function when the commit is aborted.
		out = nil
		var current []string
		snap, err := tx.Get(ref)
		switch {
		case status.Code(err) == codes.NotFound:
			current = []string{}
		case err != nil:
			return err
		default:
			current = decodeProfile(snap.Data()).Favorites
		}
		next := toggle(current, id, on)
		out = next
		if slices.Equal(next, current) {
			return nil
		}
		return tx.Set(ref, map[string]any{"favorites": next}, gfs.Merge([]string{"favorites"}))
	})
	if err != nil {
		return nil, unavailable(err)
	}
	return out, nil
}

// Settings reads settings/site. A missing document means login is on: a fresh database must not
// lock every member out.
func (p *Profiles) Settings(ctx context.Context) (portal.SiteSettings, error) {
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	snap, err := p.settingsRef().Get(ctx)
	if status.Code(err) == codes.NotFound {
		return decodeSettings(nil), nil
	}
	if err != nil {
		return portal.SiteSettings{}, unavailable(err)
	}
	return decodeSettings(snap.Data()), nil
}

// SetSettings stores the site settings. It is not part of portal.Profiles because the BFF only
// reads them; tests and operators' tooling flip the switch. It merges its own fields so other
// keys an operator keeps in settings/site survive.
func (p *Profiles) SetSettings(ctx context.Context, s portal.SiteSettings) error {
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	doc := settingsDoc{LoginEnabled: s.LoginEnabled}
	if _, err := p.settingsRef().Set(ctx, doc, gfs.Merge([]string{"loginEnabled"})); err != nil {
		return unavailable(err)
	}
	return nil
}

// EndSession writes endedSessions/{key}; writing it again only moves its expiry.
func (p *Profiles) EndSession(ctx context.Context, key string, until time.Time) error {
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	doc := map[string]any{"expiresAt": until}
	if _, err := p.client.Collection(endedSessionsCollection).Doc(key).Set(ctx, doc); err != nil {
		return unavailable(err)
	}
	return nil
}

// SessionEnded reads endedSessions/{key}.
func (p *Profiles) SessionEnded(ctx context.Context, key string) (bool, error) {
	ctx, cancel := p.withTimeout(ctx)
	defer cancel()
	_, err := p.client.Collection(endedSessionsCollection).Doc(key).Get(ctx)
	switch {
	case err == nil:
		return true, nil
	case status.Code(err) == codes.NotFound:
		return false, nil
	}
	return false, unavailable(err)
}

func (p *Profiles) settingsRef() *gfs.DocumentRef {
	id := p.settingsID
	if id == "" {
		id = settingsDocID
	}
	return p.client.Collection(settingsCollection).Doc(id)
}

func (c conn) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	d := c.Timeout
	if d <= 0 {
		d = DefaultTimeout
	}
	return context.WithTimeout(ctx, d)
}

// profileRef checks uid first because the SDK answers an id it cannot use with a nil reference
// (a panic later) or, for one with a slash, a reference to some other collection's document.
func (p *Profiles) profileRef(uid string) (*gfs.DocumentRef, error) {
	if uid == "" || uid == "." || uid == ".." || strings.Contains(uid, "/") ||
		(strings.HasPrefix(uid, "__") && strings.HasSuffix(uid, "__")) {
		return nil, errors.New("firestore: invalid document id " + strconv.Quote(uid))
	}
	ref := p.client.Collection(profilesCollection).Doc(uid)
	if ref == nil {
		return nil, errors.New("firestore: invalid document id " + strconv.Quote(uid))
	}
	return ref, nil
}

// toggle never returns current itself, so the caller can compare the two to skip a no-op write.
func toggle(current []string, id string, on bool) []string {
	if on {
		if slices.Contains(current, id) {
			return slices.Clone(current)
		}
		return append(slices.Clone(current), id)
	}
	return slices.DeleteFunc(slices.Clone(current), func(s string) bool { return s == id })
}

func unavailable(err error) error {
	return apperr.Wrap(apperr.Unavailable, msgUnavailable, err)
}

// invalidID is Internal, not Unavailable: uids come from verified sessions, so a bad one is a bug
// in the caller that retrying will not fix.
func invalidID(err error) error {
	return apperr.InternalError(err)
}
