package portal

import (
	"context"
	"regexp"
	"strings"
	"time"
)

// Identity is a signed-in user as the identity provider knows them (the spec's session user).
type Identity struct {
	UID           string
	Email         string
	EmailVerified bool
}

// Auth is the identity provider: Firebase Auth through its REST API and Admin SDK. Implementation:
// authn.Client. Every error is an *apperr.Error whose message is safe to show: Unauthenticated for
// wrong credentials or a dead session, Conflict for an email already registered, Invalid for a bad
// or used reset code or an email or password the provider refuses, Unavailable when it fails.
type Auth interface {
	// SignIn checks an email and password and returns the user with a fresh ID token.
	SignIn(ctx context.Context, email, password string) (Identity, string, error)
	// NewSession turns a fresh ID token into a session cookie value that lives for ttl.
	NewSession(ctx context.Context, idToken string, ttl time.Duration) (string, error)
	// VerifySession returns the user of a session cookie value: Unauthenticated when it is
	// malformed, expired or revoked.
	VerifySession(ctx context.Context, session string) (Identity, error)
	// User reads a user afresh (emailVerified changes outside the portal).
	User(ctx context.Context, uid string) (Identity, error)
	// CreateUser registers an email and password.
	CreateUser(ctx context.Context, email, password, displayName string) (Identity, error)
	// DeleteUser removes a user; registration uses it to leave nothing half-made.
	DeleteUser(ctx context.Context, uid string) error
	// UpdatePassword sets a new password.
	UpdatePassword(ctx context.Context, uid, password string) error
	// UpdateEmail sets a new email, which is then unverified.
	UpdateEmail(ctx context.Context, uid, email string) error
	// RevokeSessions ends every session and refresh token the user holds.
	RevokeSessions(ctx context.Context, uid string) error
	// SignInAs returns a fresh ID token for an existing user, as if they had signed in: a
	// session the BFF ended on purpose (revoking a partner) is reopened for this browser with it.
	SignInAs(ctx context.Context, uid string) (string, error)
	// SendEmailVerification mails the user a link that verifies their email. A continueURL (an
	// absolute URL on the site, or "") rides along in the link, for the page to go on to after.
	SendEmailVerification(ctx context.Context, uid, continueURL string) error
	// ApplyActionCode uses the code of an emailed link of the given kind (ActionVerifyEmail,
	// ActionRecoverEmail): the email is verified, or an email change undone. It answers the
	// account as it is after. A code of another kind, used, expired or unknown is Invalid.
	ApplyActionCode(ctx context.Context, oobCode string, kind ActionKind) (Identity, error)
	// SendPasswordReset mails a reset link to an email. An unknown email is not an error, so the
	// answer never tells whether an email is registered.
	SendPasswordReset(ctx context.Context, email string) error
	// ResetPassword uses a reset link's oobCode to set a new password; it returns the account's email.
	ResetPassword(ctx context.Context, oobCode, password string) (string, error)
}

// ActionKind is what an emailed link's code does, in Identity Toolkit's words (its requestType).
type ActionKind string

// The kinds of link the site's /reset page handles besides the password reset itself (spec 1 §2:
// Firebase sends every kind of link to the one action URL).
const (
	ActionVerifyEmail  ActionKind = "VERIFY_EMAIL"
	ActionRecoverEmail ActionKind = "RECOVER_EMAIL"
)

// Profile is a member's profile (spec 1 §3), stored at profiles/{uid}. Union is the union term id
// here; the store keeps the term's name (the account service translates both ways). Select values
// are the option keys of contracts/options.json, "" when not chosen.
type Profile struct {
	FirstName            string        `json:"firstName"`
	LastName             string        `json:"lastName"`
	Email                string        `json:"email"`
	MobilePhone          string        `json:"mobilePhone"` // 10 digits
	MobileOpt            bool          `json:"mobileOpt"`
	MobileOptDate        *time.Time    `json:"mobileOptDate"`
	EmailOpt             bool          `json:"emailOpt"`
	EmailOptDate         *time.Time    `json:"emailOptDate"`
	Union                string        `json:"union"`
	UnionJoined          string        `json:"unionJoined"` // a 4-digit year
	UnionLocal           string        `json:"unionLocal"`
	UnionRole            string        `json:"unionRole"`
	UnionRelationship    string        `json:"unionRelationship"`
	EmploymentStatus     string        `json:"employmentStatus"`
	Homeowner            string        `json:"homeowner"`
	IncomeOpt            bool          `json:"incomeOpt"`
	IncomeRange          string        `json:"incomeRange"`
	BirthDay             string        `json:"birthDay"`
	BirthMonth           string        `json:"birthMonth"`
	BirthYear            string        `json:"birthYear"`
	RecommendUp          string        `json:"recommendUp"`
	SpanishSpeakerInHome string        `json:"spanishSpeakerInHome"`
	VehicleOwner         string        `json:"vehicleOwner"`
	VehicleMake          string        `json:"vehicleMake"`
	VehicleModel         string        `json:"vehicleModel"`
	WirelessCarrier      string        `json:"wirelessCarrier"`
	WirelessCarrierOther string        `json:"wirelessCarrierOther"`
	YlmID                string        `json:"ylmId"`
	Updated              *time.Time    `json:"updated"`
	Home                 Address       `json:"home"`
	Interests            []string      `json:"interests"`
	Favorites            []string      `json:"favorites"`
	Partners             []PartnerLink `json:"partners"`
}

// Address is a profile's home address. State values carry the home_ prefix (home_CA).
type Address struct {
	Address1 string `json:"address1"`
	Address2 string `json:"address2"`
	City     string `json:"city"`
	Country  string `json:"country"` // us or canada
	State    string `json:"state"`
	Zip      string `json:"zip"`
}

// PartnerLink is a partner the member connected, whether they allowed its sign-in, when they
// did, and when the partner last received a sign-in token for them.
type PartnerLink struct {
	ID           string     `json:"id"`
	LoginEnabled bool       `json:"loginEnabled"`
	Connected    *time.Time `json:"connected,omitempty"`
	LastSignIn   *time.Time `json:"lastSignIn,omitempty"`
}

// SiteSettings is the site configuration an operator changes at run time, without a deploy.
type SiteSettings struct {
	// LoginEnabled is the global login switch (spec 1 §1): off, no one signs in, up or resets,
	// and every session ends.
	LoginEnabled bool
}

// Profiles is where profiles live. Implementation: firestore.Profiles.
type Profiles interface {
	// Profile reads a member's profile as stored; apperr.NotFound when there is none.
	Profile(ctx context.Context, uid string) (Profile, error)
	// SaveProfile writes every field of p except Favorites and Partners in one write, creating
	// the document when missing; favorites and partners keep their own writes.
	SaveProfile(ctx context.Context, uid string, p Profile) error
	// SetFavorite adds (on) or removes one favorite id in one write and returns the list after it.
	SetFavorite(ctx context.Context, uid, id string, on bool) ([]string, error)
	// Settings reads the site settings; LoginEnabled is true when none are stored.
	Settings(ctx context.Context) (SiteSettings, error)
	// EndSession records that the session named key (a hash of its cookie) was signed out, so a
	// copy of its cookie no longer works; the record may be dropped after until, when the cookie
	// has expired by itself. Recording a key twice is no error.
	EndSession(ctx context.Context, key string, until time.Time) error
	// SessionEnded reports whether the session named key was signed out.
	SessionEnded(ctx context.Context, key string) (bool, error)
}

// Favorite ids name what a member saved: a benefit by its node id or a store product by its id.
const (
	benefitFavoritePrefix = "benefit:"
	productFavoritePrefix = "product:"
)

// BenefitFavorite is the favorite id of a benefit.
func BenefitFavorite(nid string) string { return benefitFavoritePrefix + nid }

// ProductFavorite is the favorite id of a store product.
func ProductFavorite(id string) string { return productFavoritePrefix + id }

// favoritePattern is what a favorite id looks like; anything else is refused before any lookup.
var favoritePattern = regexp.MustCompile(`^(benefit|product):[A-Za-z0-9_-]{1,64}$`)

// FavoriteKind is "benefit" or "product" for a well-formed favorite id, else "".
func FavoriteKind(id string) string {
	if !favoritePattern.MatchString(id) {
		return ""
	}
	kind, _, _ := strings.Cut(id, ":")
	return kind
}
