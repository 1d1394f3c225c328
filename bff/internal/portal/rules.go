package portal

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"github.com/union-benefits/portal/contracts"
)

// Rules of the portal that more than one feature applies.

// richText is what CMS HTML may contain once it reaches a page: the UGC policy keeps formatting,
// links and images, and drops scripts, styles and event handlers, whatever an editor pasted.
var richText = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}()

// ValidEmail is the one email rule, contracts/accounts.json's: at most limits.emailMaxLength bytes
// that match patterns.email. The account, grant, mailing and livestream forms apply it, the
// attempt limits count only emails that pass it, and the frontend applies the same rule
// (frontend/lib/accounts.ts); contracts/cases.json holds the cases both sides are tested on.
func ValidEmail(s string) bool {
	return len(s) <= emailRule.Limits.EmailMaxLength && emailRule.Patterns.Email.MatchString(s)
}

var emailRule = contracts.Load[struct {
	Limits struct {
		EmailMaxLength int `json:"emailMaxLength"`
	} `json:"limits"`
	Patterns struct {
		Email contracts.Pattern `json:"email"`
	} `json:"patterns"`
}]("accounts.json")

// SafeLinkURL is a link address a page may carry: http(s), mailto and tel, or a path on this site
// (relative, or from the root but never the "//host" or "/\\host" forms a browser reads as
// another site). Anything else (javascript:, data:, a malformed address) is "": the link is
// dropped rather than drawn.
func SafeLinkURL(raw string) string {
	s := strings.TrimSpace(raw)
	if s == "" || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "/\\") || strings.HasPrefix(s, "\\") {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	switch strings.ToLower(u.Scheme) {
	case "":
		return s
	case "http", "https":
		if u.Host == "" {
			return ""
		}
		return s
	case "mailto", "tel":
		return s
	}
	return ""
}

// CleanPath is the canonical form of a site path: one leading slash, no trailing one, no empty
// segments. Cache keys use it, so /a/ and /a share an entry.
//
// Redirects are built from it (content's), so it reads a path as a browser reads a URL: tabs and
// newlines dropped, '\' a separator like '/'. Otherwise "/\evil.example" or "/\t/evil.example"
// would come out as they went in, and a browser sent there goes to //evil.example, another site.
func CleanPath(p string) string {
	p = browserInvisible.Replace(p)
	segs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' })
	return "/" + strings.Join(segs, "/")
}

// browserInvisible are the characters a browser removes from anywhere in a URL before reading it.
var browserInvisible = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// GroupBenefits splits the benefits a reader may see, among those keep selects, into hardship
// help and the rest, in the CMS's order.
func GroupBenefits(bs []BenefitTeaser, r Reader, keep func(BenefitTeaser) bool) *BenefitGroups {
	g := &BenefitGroups{Hardship: []BenefitCard{}, Other: []BenefitCard{}}
	for _, b := range bs {
		if !keep(b) || !VisibleTo(r, b.DisabledAnonymous, b.Unions) {
			continue
		}
		card := BenefitCard{ID: BenefitFavorite(b.NID), Title: b.Title, URL: b.Path, Teaser: b.Teaser, Image: b.Image}
		if b.Category != nil {
			card.Category = b.Category.Title
		}
		if b.Hardship {
			g.Hardship = append(g.Hardship, card)
		} else {
			g.Other = append(g.Other, card)
		}
	}
	return g
}

// StyledImage returns the image as the given image style: its URL becomes the style's (the original
// when the CMS lists no such style) and its size the style's box, so the page reserves the right
// space before the image arrives. The style map is dropped: the frontend needs one URL per place.
func StyledImage(img *Image, style string) *Image {
	if img == nil {
		return nil
	}
	out := Image{URL: img.URL, Alt: img.Alt, Width: img.Width, Height: img.Height}
	if u := img.Styles[style]; u != "" {
		out.URL = u
	}
	if w, h, ok := styleBox(style, img.Width, img.Height); ok {
		out.Width, out.Height = w, h
	}
	return &out
}

var styleName = regexp.MustCompile(`^(\d+)(?:x(\d+)|w)$`)

// styleBox is the size an image style produces: WxH crops to the box, Nw scales to N wide.
func styleBox(style string, w, h int) (int, int, bool) {
	m := styleName.FindStringSubmatch(style)
	if m == nil {
		return 0, 0, false
	}
	sw, _ := strconv.Atoi(m[1])
	if m[2] != "" {
		sh, _ := strconv.Atoi(m[2])
		return sw, sh, true
	}
	if w <= 0 || h <= 0 {
		return 0, 0, false
	}
	return sw, (h*sw + w/2) / w, true
}
