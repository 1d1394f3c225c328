package mailing

// SubscribeRequest is a mailing-list sign-up form (spec 3 §2, §5): email and union everywhere,
// and a first name on the Plus More pages. Source names the form it came from.
type SubscribeRequest struct {
	Email     string `json:"email"`
	Union     string `json:"union"` // a union term id, as the union dropdown offers them
	FirstName string `json:"firstName,omitempty"`
	Source    string `json:"source"`
}

// SubscribeResult answers a sign-up: the spec's success message.
type SubscribeResult struct {
	Message string `json:"message"`
}
