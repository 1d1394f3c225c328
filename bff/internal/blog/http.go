package blog

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
)

// Mount mounts the blog lists, posts and search.
func Mount(pages Pages) httpapi.Mount {
	h := blogHandlers{pages}
	return func(api fiber.Router) {
		api.Add(httpapi.GetOrHead, "/blog/:category", httpapi.PublicDocument, h.blogList)
		api.Add(httpapi.GetOrHead, "/blog/:category/:id", httpapi.PublicDocument, h.blogPost)
		api.Get("/search", httpapi.PublicDocument, h.search)
	}
}

type blogHandlers struct{ pages Pages }

// Limits of the blog and search parameters: anything past them is no real request.
const (
	maxOffset     = 100_000
	maxSearchPage = 1_000
	maxQueryLen   = 200
)

var (
	slugRE  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,99}$`)
	monthRE = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])$`)
	tidRE   = regexp.MustCompile(`^[0-9]{1,10}$`)
)

// blogList answers GET /api/v1/blog/{category}?offset=&date=&topic=.
func (h blogHandlers) blogList(c fiber.Ctx) error {
	category := c.Params("category")
	if !slugRE.MatchString(category) {
		return apperr.PageNotFound(nil)
	}
	offset, err := wholeNumber(c.Query("offset"), "offset", maxOffset)
	if err != nil {
		return err
	}
	date, topic := c.Query("date"), c.Query("topic")
	if date != "" && !monthRE.MatchString(date) {
		return apperr.Field("date", "The date must be a year and month, YYYY-MM.")
	}
	if topic != "" && !tidRE.MatchString(topic) {
		return apperr.Field("topic", "The topic must be a topic id.")
	}
	doc, err := h.pages.BlogList(c.Context(), ListRequest{Category: category, Offset: offset, Date: date, Topic: topic})
	return httpapi.JSON(c, doc, err)
}

// blogPost answers GET /api/v1/blog/{category}/{id}.
func (h blogHandlers) blogPost(c fiber.Ctx) error {
	category, id := c.Params("category"), c.Params("id")
	if !slugRE.MatchString(category) || !tidRE.MatchString(id) {
		return apperr.PageNotFound(nil)
	}
	doc, err := h.pages.BlogPost(c.Context(), category, id)
	return httpapi.JSON(c, doc, err)
}

// search answers GET /api/v1/search?q=&type=&page=.
func (h blogHandlers) search(c fiber.Ctx) error {
	q := strings.Join(strings.Fields(c.Query("q")), " ")
	switch {
	case q == "":
		return apperr.Field("q", "Enter a search term.")
	case !utf8.ValidString(q) || strings.ContainsFunc(q, unicode.IsControl):
		return apperr.Field("q", "The search term contains characters that cannot be searched.")
	case utf8.RuneCountInString(q) > maxQueryLen:
		return apperr.Field("q", "The search term is too long; use at most 200 characters.")
	}
	typ := c.Query("type")
	switch typ {
	case "":
		typ = SearchAll
	case SearchAll, SearchBenefits, SearchPosts:
	default:
		return apperr.Field("type", "The type must be all, benefits or blogpost.")
	}
	page, err := wholeNumber(c.Query("page"), "page", maxSearchPage)
	if err != nil {
		return err
	}
	doc, err := h.pages.Search(c.Context(), SearchRequest{Query: q, Type: typ, Page: page})
	return httpapi.JSON(c, doc, err)
}

// wholeNumber parses an optional paging parameter; empty means 0.
func wholeNumber(s, name string, most int) (int, error) {
	if s == "" {
		return 0, nil
	}
	msg := "The " + name + " must be a whole number from 0 to " + strconv.Itoa(most) + "."
	if len(s) > 10 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, apperr.Field(name, msg)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > most {
		return 0, apperr.Field(name, msg)
	}
	return n, nil
}
