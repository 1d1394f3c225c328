package portal

// Livestream is a livestream page's event (spec 3 §3 'Livestream'): the player's frame address
// and, when the page has comments, their source. ID is the node's nid: the chat cookie
// (livestream_{id}) and the comment-access records are kept per ID.
type Livestream struct {
	ID            string `json:"id"`
	EventSource   string `json:"eventSource"`
	CommentSource string `json:"commentSource,omitempty"`
}
