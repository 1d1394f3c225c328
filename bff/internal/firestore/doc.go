package firestore

import (
	"strconv"
	"time"

	gfs "cloud.google.com/go/firestore"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// profileDoc is a profiles/{uid} document as stored. Its tags are the wire names the other
// clients of the collection (the legacy site, operators' scripts) share with us, so they must
// match portal.Profile's JSON tags exactly.
type profileDoc struct {
	FirstName            string       `firestore:"firstName"`
	LastName             string       `firestore:"lastName"`
	Email                string       `firestore:"email"`
	MobilePhone          string       `firestore:"mobilePhone"`
	MobileOpt            bool         `firestore:"mobileOpt"`
	MobileOptDate        *time.Time   `firestore:"mobileOptDate"`
	EmailOpt             bool         `firestore:"emailOpt"`
	EmailOptDate         *time.Time   `firestore:"emailOptDate"`
	Union                string       `firestore:"union"`
	UnionJoined          string       `firestore:"unionJoined"`
	UnionLocal           string       `firestore:"unionLocal"`
	UnionRole            string       `firestore:"unionRole"`
	UnionRelationship    string       `firestore:"unionRelationship"`
	EmploymentStatus     string       `firestore:"employmentStatus"`
	Homeowner            string       `firestore:"homeowner"`
	IncomeOpt            bool         `firestore:"incomeOpt"`
	IncomeRange          string       `firestore:"incomeRange"`
	BirthDay             string       `firestore:"birthDay"`
	BirthMonth           string       `firestore:"birthMonth"`
	BirthYear            string       `firestore:"birthYear"`
	RecommendUp          string       `firestore:"recommendUp"`
	SpanishSpeakerInHome string       `firestore:"spanishSpeakerInHome"`
	VehicleOwner         string       `firestore:"vehicleOwner"`
	VehicleMake          string       `firestore:"vehicleMake"`
	VehicleModel         string       `firestore:"vehicleModel"`
	WirelessCarrier      string       `firestore:"wirelessCarrier"`
	WirelessCarrierOther string       `firestore:"wirelessCarrierOther"`
	YlmID                string       `firestore:"ylmId"`
	Updated              *time.Time   `firestore:"updated"`
	Home                 addressDoc   `firestore:"home"`
	Interests            []string     `firestore:"interests"`
	Favorites            []string     `firestore:"favorites"`
	Partners             []partnerDoc `firestore:"partners"`
}

type addressDoc struct {
	Address1 string `firestore:"address1"`
	Address2 string `firestore:"address2"`
	City     string `firestore:"city"`
	Country  string `firestore:"country"`
	State    string `firestore:"state"`
	Zip      string `firestore:"zip"`
}

type partnerDoc struct {
	ID           string     `firestore:"id"`
	LoginEnabled bool       `firestore:"loginEnabled"`
	Connected    *time.Time `firestore:"connected,omitempty"`
	LastSignIn   *time.Time `firestore:"lastSignIn,omitempty"`
}

func toPartnerDocs(links []portal.PartnerLink) []partnerDoc {
	out := make([]partnerDoc, 0, len(links))
	for _, l := range links {
		out = append(out, partnerDoc{ID: l.ID, LoginEnabled: l.LoginEnabled, Connected: copyTime(l.Connected), LastSignIn: copyTime(l.LastSignIn)})
	}
	return out
}

func fromPartnerDocs(docs []partnerDoc) []portal.PartnerLink {
	out := make([]portal.PartnerLink, 0, len(docs))
	for _, l := range docs {
		out = append(out, portal.PartnerLink{ID: l.ID, LoginEnabled: l.LoginEnabled, Connected: copyTime(l.Connected), LastSignIn: copyTime(l.LastSignIn)})
	}
	return out
}

// settingsDoc is settings/site. Other settings may share the document, so it is only ever
// written with a merge on its own fields.
type settingsDoc struct {
	LoginEnabled bool `firestore:"loginEnabled"`
}

// savePaths are the fields SaveProfile owns. Favorites and partners are left out because they
// have writers of their own (SetFavorite, the partner popup); a save from a form that read the
// profile earlier must not undo a favorite added since. "home" is one path, not six, so a save
// replaces the whole address and no stale subfield survives. TestSavePathsCoverTheDocument keeps
// this list in step with profileDoc.
var savePaths = []gfs.FieldPath{
	{"firstName"}, {"lastName"}, {"email"},
	{"mobilePhone"}, {"mobileOpt"}, {"mobileOptDate"},
	{"emailOpt"}, {"emailOptDate"},
	{"union"}, {"unionJoined"}, {"unionLocal"}, {"unionRole"}, {"unionRelationship"},
	{"employmentStatus"}, {"homeowner"}, {"incomeOpt"}, {"incomeRange"},
	{"birthDay"}, {"birthMonth"}, {"birthYear"},
	{"recommendUp"}, {"spanishSpeakerInHome"},
	{"vehicleOwner"}, {"vehicleMake"}, {"vehicleModel"},
	{"wirelessCarrier"}, {"wirelessCarrierOther"},
	{"ylmId"}, {"updated"},
	{"home"}, {"interests"},
}

// toDoc shapes a profile for storage. Lists are never nil: the SDK stores a nil slice as null,
// which other clients of the collection would have to special-case.
func toDoc(p portal.Profile) profileDoc {
	partners := toPartnerDocs(p.Partners)
	return profileDoc{
		FirstName:            p.FirstName,
		LastName:             p.LastName,
		Email:                p.Email,
		MobilePhone:          p.MobilePhone,
		MobileOpt:            p.MobileOpt,
		MobileOptDate:        copyTime(p.MobileOptDate),
		EmailOpt:             p.EmailOpt,
		EmailOptDate:         copyTime(p.EmailOptDate),
		Union:                p.Union,
		UnionJoined:          p.UnionJoined,
		UnionLocal:           p.UnionLocal,
		UnionRole:            p.UnionRole,
		UnionRelationship:    p.UnionRelationship,
		EmploymentStatus:     p.EmploymentStatus,
		Homeowner:            p.Homeowner,
		IncomeOpt:            p.IncomeOpt,
		IncomeRange:          p.IncomeRange,
		BirthDay:             p.BirthDay,
		BirthMonth:           p.BirthMonth,
		BirthYear:            p.BirthYear,
		RecommendUp:          p.RecommendUp,
		SpanishSpeakerInHome: p.SpanishSpeakerInHome,
		VehicleOwner:         p.VehicleOwner,
		VehicleMake:          p.VehicleMake,
		VehicleModel:         p.VehicleModel,
		WirelessCarrier:      p.WirelessCarrier,
		WirelessCarrierOther: p.WirelessCarrierOther,
		YlmID:                p.YlmID,
		Updated:              copyTime(p.Updated),
		Home:                 addressDoc(p.Home),
		Interests:            nonNil(p.Interests),
		Favorites:            nonNil(p.Favorites),
		Partners:             partners,
	}
}

// fromDoc is toDoc's inverse; callers get empty lists, never nil, so a profile encodes to the
// same JSON whether or not its lists were ever written.
func fromDoc(d profileDoc) portal.Profile {
	partners := fromPartnerDocs(d.Partners)
	return portal.Profile{
		FirstName:            d.FirstName,
		LastName:             d.LastName,
		Email:                d.Email,
		MobilePhone:          d.MobilePhone,
		MobileOpt:            d.MobileOpt,
		MobileOptDate:        copyTime(d.MobileOptDate),
		EmailOpt:             d.EmailOpt,
		EmailOptDate:         copyTime(d.EmailOptDate),
		Union:                d.Union,
		UnionJoined:          d.UnionJoined,
		UnionLocal:           d.UnionLocal,
		UnionRole:            d.UnionRole,
		UnionRelationship:    d.UnionRelationship,
		EmploymentStatus:     d.EmploymentStatus,
		Homeowner:            d.Homeowner,
		IncomeOpt:            d.IncomeOpt,
		IncomeRange:          d.IncomeRange,
		BirthDay:             d.BirthDay,
		BirthMonth:           d.BirthMonth,
		BirthYear:            d.BirthYear,
		RecommendUp:          d.RecommendUp,
		SpanishSpeakerInHome: d.SpanishSpeakerInHome,
		VehicleOwner:         d.VehicleOwner,
		VehicleMake:          d.VehicleMake,
		VehicleModel:         d.VehicleModel,
		WirelessCarrier:      d.WirelessCarrier,
		WirelessCarrierOther: d.WirelessCarrierOther,
		YlmID:                d.YlmID,
		Updated:              copyTime(d.Updated),
		Home:                 portal.Address(d.Home),
		Interests:            nonNil(d.Interests),
		Favorites:            nonNil(d.Favorites),
		Partners:             partners,
	}
}

// decodeProfile reads a document's data (DocumentSnapshot.Data) field by field instead of with
// DataTo, which fails the whole read on one field of an unexpected type. The collection predates
// the BFF and older clients wrote, for example, birthYear as the integer 1980; a member must
// still be able to open their profile, so a field we cannot use reads as its zero value.
func decodeProfile(m map[string]any) profileDoc {
	home, _ := m["home"].(map[string]any)
	var partners []partnerDoc
	if list, ok := m["partners"].([]any); ok {
		for _, v := range list {
			e, ok := v.(map[string]any)
			if !ok {
				continue
			}
			partners = append(partners, partnerDoc{
				ID: str(e["id"]), LoginEnabled: boolean(e["loginEnabled"]),
				Connected: timestamp(e["connected"]), LastSignIn: timestamp(e["lastSignIn"]),
			})
		}
	}
	return profileDoc{
		FirstName:            str(m["firstName"]),
		LastName:             str(m["lastName"]),
		Email:                str(m["email"]),
		MobilePhone:          str(m["mobilePhone"]),
		MobileOpt:            boolean(m["mobileOpt"]),
		MobileOptDate:        timestamp(m["mobileOptDate"]),
		EmailOpt:             boolean(m["emailOpt"]),
		EmailOptDate:         timestamp(m["emailOptDate"]),
		Union:                str(m["union"]),
		UnionJoined:          str(m["unionJoined"]),
		UnionLocal:           str(m["unionLocal"]),
		UnionRole:            str(m["unionRole"]),
		UnionRelationship:    str(m["unionRelationship"]),
		EmploymentStatus:     str(m["employmentStatus"]),
		Homeowner:            str(m["homeowner"]),
		IncomeOpt:            boolean(m["incomeOpt"]),
		IncomeRange:          str(m["incomeRange"]),
		BirthDay:             str(m["birthDay"]),
		BirthMonth:           str(m["birthMonth"]),
		BirthYear:            str(m["birthYear"]),
		RecommendUp:          str(m["recommendUp"]),
		SpanishSpeakerInHome: str(m["spanishSpeakerInHome"]),
		VehicleOwner:         str(m["vehicleOwner"]),
		VehicleMake:          str(m["vehicleMake"]),
		VehicleModel:         str(m["vehicleModel"]),
		WirelessCarrier:      str(m["wirelessCarrier"]),
		WirelessCarrierOther: str(m["wirelessCarrierOther"]),
		YlmID:                str(m["ylmId"]),
		Updated:              timestamp(m["updated"]),
		Home: addressDoc{
			Address1: str(home["address1"]),
			Address2: str(home["address2"]),
			City:     str(home["city"]),
			Country:  str(home["country"]),
			State:    str(home["state"]),
			Zip:      str(home["zip"]),
		},
		Interests: strs(m["interests"]),
		Favorites: strs(m["favorites"]),
		Partners:  partners,
	}
}

// decodeSettings defaults LoginEnabled to true: the switch exists to turn login off, so only an
// explicit false may do that, never a missing document or a field some tool mistyped.
func decodeSettings(m map[string]any) portal.SiteSettings {
	on, ok := m["loginEnabled"].(bool)
	return portal.SiteSettings{LoginEnabled: !ok || on}
}

// str reads numbers as their decimal text because the fields that hold them (birthYear,
// unionJoined, ...) were numbers for some older clients and are strings for us.
func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func boolean(v any) bool {
	b, _ := v.(bool)
	return b
}

// timestamp also takes RFC 3339 text, the form a hand-edited or JSON-imported document has.
func timestamp(v any) *time.Time {
	switch x := v.(type) {
	case time.Time:
		return &x
	case string:
		if t, err := time.Parse(time.RFC3339Nano, x); err == nil {
			return &t
		}
	}
	return nil
}

func strs(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s := str(e); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// copyTime keeps the caller's profile and ours from sharing a time they could change.
func copyTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	c := *t
	return &c
}
