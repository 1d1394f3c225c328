package portal

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

// ProfileFields is the profile form's three sections.
type ProfileFields struct {
	FirstName         string  `json:"firstName"`
	LastName          string  `json:"lastName"`
	Email             string  `json:"email"`
	MobilePhone       string  `json:"mobilePhone"`
	MobileOpt         bool    `json:"mobileOpt"`
	EmailOpt          bool    `json:"emailOpt"`
	Union             string  `json:"union"`
	UnionJoined       string  `json:"unionJoined"`
	UnionLocal        string  `json:"unionLocal"`
	UnionRole         string  `json:"unionRole"`
	UnionRelationship string  `json:"unionRelationship"`
	EmploymentStatus  string  `json:"employmentStatus"`
	IncomeOpt         bool    `json:"incomeOpt"`
	IncomeRange       string  `json:"incomeRange"`
	BirthDay          string  `json:"birthDay"`
	BirthMonth        string  `json:"birthMonth"`
	BirthYear         string  `json:"birthYear"`
	Home              Address `json:"home"`
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
