package firestore

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

func fullProfile() portal.Profile {
	opt := time.Date(2025, 1, 15, 10, 0, 0, 0, time.UTC)
	upd := time.Date(2025, 2, 1, 8, 30, 0, 0, time.UTC)
	return portal.Profile{
		FirstName: "Maria", LastName: "Lopez", Email: "member@example.com",
		MobilePhone: "5105550142", MobileOpt: true, MobileOptDate: &opt,
		EmailOpt: true, EmailOptDate: &opt,
		Union: "Communications Workers of America", UnionJoined: "2008", UnionLocal: "9415",
		UnionRole: "union_role_1", UnionRelationship: "union_relationship_1",
		EmploymentStatus: "employment_status_1", Homeowner: "homeowner_1",
		IncomeOpt: true, IncomeRange: "income_range_3",
		BirthDay: "7", BirthMonth: "3", BirthYear: "1980",
		RecommendUp: "recommend_up_9", SpanishSpeakerInHome: "spanish_speaker_2",
		VehicleOwner: "vehicle_owner_1", VehicleMake: "Toyota", VehicleModel: "Prius",
		WirelessCarrier: "wireless_carrier_4", WirelessCarrierOther: "", YlmID: "ylm-123",
		Updated:   &upd,
		Home:      portal.Address{Address1: "1450 Broadway", Address2: "Apt 5", City: "Oakland", Country: "us", State: "home_CA", Zip: "94612"},
		Interests: []string{"travel", "insurance"},
		Favorites: []string{"101", "202"},
		Partners:  []portal.PartnerLink{{ID: "test-partner", LoginEnabled: true}},
	}
}

func TestDocRoundTrip(t *testing.T) {
	p := fullProfile()
	if got := fromDoc(toDoc(p)); !reflect.DeepEqual(got, p) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, p)
	}
}

func TestDocCopiesTimes(t *testing.T) {
	p := fullProfile()
	d := toDoc(p)
	*p.Updated = time.Time{}
	if d.Updated.IsZero() {
		t.Fatal("the document shares the profile's time")
	}
}

func TestNilListsBecomeEmpty(t *testing.T) {
	d := toDoc(portal.Profile{})
	if d.Interests == nil || d.Favorites == nil || d.Partners == nil {
		t.Fatalf("toDoc left a nil list (stored as null): %+v", d)
	}
	p := fromDoc(profileDoc{})
	if p.Interests == nil || p.Favorites == nil || p.Partners == nil {
		t.Fatalf("fromDoc left a nil list: %+v", p)
	}
	if p.MobileOptDate != nil || p.EmailOptDate != nil || p.Updated != nil {
		t.Fatalf("fromDoc invented a time: %+v", p)
	}
}

// The map is what DocumentSnapshot.Data returns for the stored document.
func TestDecodeProfile(t *testing.T) {
	opt := time.Date(2025, 1, 15, 10, 0, 0, 0, time.UTC)
	m := map[string]any{
		"firstName": "Maria", "lastName": "Lopez", "email": "member@example.com",
		"mobilePhone": "5105550142", "mobileOpt": true, "mobileOptDate": nil,
		"emailOpt": true, "emailOptDate": opt,
		"union":     "Communications Workers of America",
		"home":      map[string]any{"address1": "1450 Broadway", "city": "Oakland", "state": "home_CA", "zip": "94612", "country": "us"},
		"interests": []any{"travel", "insurance"},
		"favorites": []any{},
		"partners":  []any{map[string]any{"id": "test-partner", "loginEnabled": true}},
	}
	p := fromDoc(decodeProfile(m))
	if p.FirstName != "Maria" || p.Union != "Communications Workers of America" || !p.MobileOpt {
		t.Errorf("scalars: %+v", p)
	}
	if p.MobileOptDate != nil || p.EmailOptDate == nil || !p.EmailOptDate.Equal(opt) {
		t.Errorf("timestamps: %v %v", p.MobileOptDate, p.EmailOptDate)
	}
	if want := (portal.Address{Address1: "1450 Broadway", City: "Oakland", State: "home_CA", Zip: "94612", Country: "us"}); p.Home != want {
		t.Errorf("home: %+v", p.Home)
	}
	if !slices.Equal(p.Interests, []string{"travel", "insurance"}) || p.Favorites == nil || len(p.Favorites) != 0 {
		t.Errorf("lists: %v %v", p.Interests, p.Favorites)
	}
	if !reflect.DeepEqual(p.Partners, []portal.PartnerLink{{ID: "test-partner", LoginEnabled: true}}) {
		t.Errorf("partners: %+v", p.Partners)
	}
}

// Older clients stored numbers, other types and partial documents; none of it may fail a read.
func TestDecodeProfileTolerant(t *testing.T) {
	m := map[string]any{
		"birthYear":    int64(1980),
		"birthMonth":   float64(3),
		"birthDay":     int64(7),
		"unionJoined":  float64(2008),
		"mobilePhone":  int64(5105550142),
		"firstName":    true,                   // wrong type: reads as ""
		"emailOpt":     "yes",                  // wrong type: reads as false
		"updated":      "2025-02-01T08:30:00Z", // text timestamp
		"emailOptDate": int64(12),              // wrong type: reads as nil
		"home":         "1450 Broadway",        // not a map: empty address
		"interests":    []any{"travel", int64(5), nil, map[string]any{}},
		"favorites":    nil,
		"partners":     []any{"test-partner", map[string]any{"id": "auto-buying"}},
	}
	p := fromDoc(decodeProfile(m))
	if p.BirthYear != "1980" || p.BirthMonth != "3" || p.BirthDay != "7" || p.UnionJoined != "2008" || p.MobilePhone != "5105550142" {
		t.Errorf("numbers: %q %q %q %q %q", p.BirthYear, p.BirthMonth, p.BirthDay, p.UnionJoined, p.MobilePhone)
	}
	if p.FirstName != "" || p.EmailOpt || p.EmailOptDate != nil {
		t.Errorf("wrong types: %+v", p)
	}
	if p.Updated == nil || !p.Updated.Equal(time.Date(2025, 2, 1, 8, 30, 0, 0, time.UTC)) {
		t.Errorf("updated: %v", p.Updated)
	}
	if p.Home != (portal.Address{}) {
		t.Errorf("home: %+v", p.Home)
	}
	if !slices.Equal(p.Interests, []string{"travel", "5"}) {
		t.Errorf("interests: %q", p.Interests)
	}
	if p.Favorites == nil || len(p.Favorites) != 0 {
		t.Errorf("favorites: %#v", p.Favorites)
	}
	if !reflect.DeepEqual(p.Partners, []portal.PartnerLink{{ID: "auto-buying"}}) {
		t.Errorf("partners: %+v", p.Partners)
	}

	empty := fromDoc(decodeProfile(nil))
	if !reflect.DeepEqual(empty, portal.Profile{Interests: []string{}, Favorites: []string{}, Partners: []portal.PartnerLink{}}) {
		t.Errorf("empty document: %+v", empty)
	}
}

func TestDecodeSettings(t *testing.T) {
	for _, c := range []struct {
		m    map[string]any
		want bool
	}{
		{nil, true},
		{map[string]any{}, true},
		{map[string]any{"loginEnabled": nil}, true},
		{map[string]any{"loginEnabled": "false"}, true},
		{map[string]any{"loginEnabled": true}, true},
		{map[string]any{"loginEnabled": false}, false},
	} {
		if got := decodeSettings(c.m).LoginEnabled; got != c.want {
			t.Errorf("decodeSettings(%v) = %v, want %v", c.m, got, c.want)
		}
	}
}

// Adding a field to profileDoc without listing it in savePaths would make SaveProfile silently
// drop it.
func TestSavePathsCoverTheDocument(t *testing.T) {
	var listed []string
	for _, fp := range savePaths {
		listed = append(listed, strings.Join(fp, "."))
	}
	var want []string
	rt := reflect.TypeFor[profileDoc]()
	for i := range rt.NumField() {
		tag := rt.Field(i).Tag.Get("firestore")
		if tag != "favorites" && tag != "partners" {
			want = append(want, tag)
		}
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Fatalf("savePaths %v\nwant     %v", listed, want)
	}
	// The tags are the JSON names other clients use.
	pt := reflect.TypeFor[portal.Profile]()
	for i := range rt.NumField() {
		if j, f := pt.Field(i).Tag.Get("json"), rt.Field(i).Tag.Get("firestore"); j != f {
			t.Errorf("field %d: firestore %q, json %q", i, f, j)
		}
	}
}

func TestToggle(t *testing.T) {
	for _, c := range []struct {
		cur  []string
		id   string
		on   bool
		want []string
	}{
		{[]string{}, "a", true, []string{"a"}},
		{[]string{"a"}, "a", true, []string{"a"}},
		{[]string{"a", "b"}, "c", true, []string{"a", "b", "c"}},
		{[]string{"a", "b", "a"}, "a", false, []string{"b"}},
		{[]string{"b"}, "a", false, []string{"b"}},
		{[]string{}, "a", false, []string{}},
	} {
		cur := slices.Clone(c.cur)
		got := toggle(cur, c.id, c.on)
		if !slices.Equal(got, c.want) || got == nil {
			t.Errorf("toggle(%v, %q, %v) = %#v, want %v", c.cur, c.id, c.on, got, c.want)
		}
		if !slices.Equal(cur, c.cur) {
			t.Errorf("toggle changed its input: %v", cur)
		}
	}
}
