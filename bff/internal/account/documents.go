package account

import "github.com/union-benefits/portal/bff/internal/portal"

// Session is the reader's session as the frontend sees it (contracts: Session).
type Session struct {
	SignedIn            bool           `json:"signedIn"`
	LoginEnabled        bool           `json:"loginEnabled"`
	LoginOfflineMessage string         `json:"loginOfflineMessage,omitempty"`
	VisibleUnions       []VisibleUnion `json:"visibleUnions"`
	User                *SessionUser   `json:"user,omitempty"`
	// EmailSubscribed hides the mailing-list promos (spec 3 §2): a member's profile emailOpt, a
	// visitor's subscription cookie.
	EmailSubscribed bool `json:"emailSubscribed"`
}

// VisibleUnion is a union a reader may choose.
type VisibleUnion struct {
	ID         string `json:"id"`
	NetsuiteID string `json:"netsuiteId,omitempty"`
	UnionLabel string `json:"unionLabel"`
}

// SessionUser is the signed-in member (spec 1 §3: session user and member; contracts: Member).
type SessionUser struct {
	UID               string           `json:"uid"`
	Email             string           `json:"email"`
	EmailVerified     bool             `json:"emailVerified"`
	FirstName         string           `json:"firstName"`
	LastName          string           `json:"lastName"`
	Union             *portal.UnionRef `json:"union,omitempty"`
	IsEmailSubscribed bool             `json:"isEmailSubscribed"`
	Favorites         []string         `json:"favorites"`
}

// AuthResult answers a sign-in, sign-up, reset or change: the new session and the message to show.
type AuthResult struct {
	Session Session `json:"session"`
	Message string  `json:"message"`
	Partial bool    `json:"partial,omitempty"`
}

// ProfileDocument is a member's own profile as the account area reads it.
type ProfileDocument struct {
	Profile       portal.Profile `json:"profile"`
	EmailVerified bool           `json:"emailVerified"`
	Message       string         `json:"message,omitempty"`
	// Texts are the editors' words for the profile and interests tabs (union_structure_profile);
	// absent after a save, and when the CMS cannot give them (the forms work without).
	Texts *ProfileTexts `json:"texts,omitempty"`
}

// ProfileTexts are union_structure_profile's texts (spec 1 §3 'Site variables'): the intros of
// My Profile and My Interests and of the profile's Union Information and Home Address sections.
type ProfileTexts struct {
	Intro            portal.HTML `json:"intro,omitzero"`
	InterestsIntro   portal.HTML `json:"interestsIntro,omitzero"`
	UnionInformation portal.HTML `json:"unionInformation,omitzero"`
	HomeAddress      portal.HTML `json:"homeAddress,omitzero"`
}

// Favorites is a member's favorites with the cards of those that still exist.
type Favorites struct {
	IDs   []string       `json:"ids"`
	Items []FavoriteItem `json:"items"`
}

// FavoriteItem is a favorite drawn as a card.
type FavoriteItem struct {
	ID     string        `json:"id"`
	Kind   string        `json:"kind"` // benefit or product
	Title  string        `json:"title"`
	URL    string        `json:"url"`
	Teaser string        `json:"teaser,omitempty"`
	Image  *portal.Image `json:"image,omitempty"`
}

// The account forms as the frontend sends them (contracts: RegisterRequest, ProfileFields, ...).
// The account service trims and checks every field; nothing here is trusted.

// RegisterRequest is the signup form.
type RegisterRequest struct {
	Email           string `json:"email"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	Union           string `json:"union"` // a union term id
	Zip             string `json:"zip"`
	EmailOpt        *bool  `json:"emailOpt"` // defaults to true (spec 1 §3)
}

// SignInRequest is the login form.
type SignInRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// ChangePasswordRequest is the Change Password dialog.
type ChangePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ChangeEmailRequest is the Change Email dialog.
type ChangeEmailRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewEmail        string `json:"newEmail"`
}

// ResetPasswordRequest is the /reset page: the link's four parameters and the new password.
type ResetPasswordRequest struct {
	APIKey          string `json:"apiKey"`
	Lang            string `json:"lang"`
	Mode            string `json:"mode"`
	OOBCode         string `json:"oobCode"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// VerificationRequest is the optional body of a request for a verification email (spec 1 §7
// sendEmailVerification's {url}): a path of the site to come back to once verified.
type VerificationRequest struct {
	URL string `json:"url"`
}

// EmailActionRequest is the /reset page for the links Firebase sends there besides the password
// reset (spec 1 §2): a verification (mode verifyEmail) or the undoing of an email change (mode
// recoverEmail), with the link's parameters.
type EmailActionRequest struct {
	APIKey  string `json:"apiKey"`
	Lang    string `json:"lang"`
	Mode    string `json:"mode"`
	OOBCode string `json:"oobCode"`
}

// EmailActionResult says what a link did. Email is the account's email after it: the verified
// one, or the one restored.
type EmailActionResult struct {
	Mode    string `json:"mode"`
	Message string `json:"message"`
	Email   string `json:"email"`
}

// ProfileFields is the profile form's three sections.
type ProfileFields struct {
	FirstName         string         `json:"firstName"`
	LastName          string         `json:"lastName"`
	Email             string         `json:"email"`
	MobilePhone       string         `json:"mobilePhone"`
	MobileOpt         bool           `json:"mobileOpt"`
	EmailOpt          bool           `json:"emailOpt"`
	Union             string         `json:"union"`
	UnionJoined       string         `json:"unionJoined"`
	UnionLocal        string         `json:"unionLocal"`
	UnionRole         string         `json:"unionRole"`
	UnionRelationship string         `json:"unionRelationship"`
	EmploymentStatus  string         `json:"employmentStatus"`
	IncomeOpt         bool           `json:"incomeOpt"`
	IncomeRange       string         `json:"incomeRange"`
	BirthDay          string         `json:"birthDay"`
	BirthMonth        string         `json:"birthMonth"`
	BirthYear         string         `json:"birthYear"`
	Home              portal.Address `json:"home"`
}

// InterestsUpdate is the interests form.
type InterestsUpdate struct {
	Interests            []string `json:"interests"`
	WirelessCarrier      string   `json:"wirelessCarrier"`
	WirelessCarrierOther string   `json:"wirelessCarrierOther"`
	VehicleOwner         string   `json:"vehicleOwner"`
	VehicleMake          string   `json:"vehicleMake"`
	VehicleModel         string   `json:"vehicleModel"`
	SpanishSpeakerInHome string   `json:"spanishSpeakerInHome"`
	Homeowner            string   `json:"homeowner"`
	RecommendUp          string   `json:"recommendUp"`
}
