package portal

// The typed blocks of a page document. Each sets Type to its bundle name, which the frontend
// switches on; contracts/openapi.yaml (Block) lists the same fields.

// TextBlock is a headline over rich text.
type TextBlock struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Headline string `json:"headline,omitempty"`
	HTML     string `json:"html"`
}

// FiftyFiftyBlock is text beside an image, the image on the left or the right.
type FiftyFiftyBlock struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Eyebrow     string `json:"eyebrow,omitempty"`
	Headline    string `json:"headline"`
	HTML        string `json:"html"`
	Image       *Image `json:"image,omitempty"`
	ImageLayout string `json:"imageLayout"` // left or right
	Link        *Link  `json:"link,omitempty"`
}

// WidePromoBlock is a full-width promotion.
type WidePromoBlock struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Headline string `json:"headline"`
	HTML     string `json:"html,omitempty"`
	Image    *Image `json:"image,omitempty"`
	Link     *Link  `json:"link,omitempty"`
}

// StatCounterBlock is a large number with a description.
type StatCounterBlock struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Stat        int    `json:"stat"`
	Description string `json:"description"`
	Link        *Link  `json:"link,omitempty"`
}

// IconsBlock is a row of icon cards.
type IconsBlock struct {
	Type     string     `json:"type"`
	ID       string     `json:"id"`
	Headline string     `json:"headline,omitempty"`
	Items    []IconItem `json:"items"`
}

// IconItem is one card of an IconsBlock.
type IconItem struct {
	Icon     *Image `json:"icon,omitempty"`
	Headline string `json:"headline"`
	HTML     string `json:"html"`
	Link     *Link  `json:"link,omitempty"`
}

// PendingBlock stands for a block type the BFF knows but does not reshape yet.
type PendingBlock struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Bundle   string `json:"bundle"`
	Headline string `json:"headline,omitempty"`
}

// BlockType implementations.

func (b TextBlock) BlockType() string        { return b.Type }
func (b FiftyFiftyBlock) BlockType() string  { return b.Type }
func (b WidePromoBlock) BlockType() string   { return b.Type }
func (b StatCounterBlock) BlockType() string { return b.Type }
func (b IconsBlock) BlockType() string       { return b.Type }
func (b PendingBlock) BlockType() string     { return b.Type }
