package account

import (
	"encoding/json"
	"testing"
	"time"
)

// Every message the package names must be in contracts/accounts.json, or users would see a key.
func TestPasswordRule(t *testing.T) {
	for pw, ok := range map[string]bool{
		"Password1": true, "Abcdefg1": true, "password1": false, "PASSWORD1": false,
		"Password": false, "Pass1": false, "": false,
	} {
		if validPassword(pw) != ok {
			t.Errorf("%q: valid %v, want %v", pw, !ok, ok)
		}
	}
}

func TestEmailRule(t *testing.T) {
	for email, ok := range map[string]bool{
		"a@b.co": true, "member@example.com": true, "a@b.c": false, "a@b": false, "ab.com": false, "a @b.com": false,
	} {
		if validEmail(email) != ok {
			t.Errorf("%q: valid %v, want %v", email, !ok, ok)
		}
	}
}

func TestOptInDates(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	earlier := now.Add(-48 * time.Hour)
	if d := optDate(false, nil, true, now); d == nil || !d.Equal(now) {
		t.Error("turning on sets now")
	}
	if d := optDate(true, &earlier, true, now); d == nil || !d.Equal(earlier) {
		t.Error("staying on keeps the date")
	}
	if optDate(true, &earlier, false, now) != nil {
		t.Error("turning off clears the date")
	}
}

func TestBirthdays(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		d, m, y string
		ok      bool
	}{
		{"", "", "", true}, {"29", "2", "2024", true}, {"29", "2", "2023", false}, {"1", "1", "1900", false},
		{"22", "11", "2026", false}, {"10", "", "1980", false}, {"x", "1", "1980", false},
	} {
		if validBirthday(c.d, c.m, c.y, now) != c.ok {
			t.Errorf("%s/%s/%s: want %v", c.m, c.d, c.y, c.ok)
		}
	}
}

// The rules take whatever JSON a browser sends: no input may make them panic.
func FuzzFormRules(f *testing.F) {
	f.Add([]byte(`{"email":"a@b.co","password":"Password1","confirmPassword":"Password1","union":"37","zip":"12345","firstName":"A","lastName":"B"}`))
	f.Add([]byte(`{"home":{"zip":"1"},"birthDay":"31","birthMonth":"2","birthYear":"99999999999999999999"}`))
	f.Add([]byte(`{"interests":["x"],"wirelessCarrier":"wireless_carrier_11","vehicleOwner":"vehicle_owner_1","vehicleMake":"Ford"}`))
	now := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		var reg RegisterRequest
		if json.Unmarshal(body, &reg) == nil {
			_ = checkRegistration(&reg)
		}
		var p ProfileFields
		if json.Unmarshal(body, &p) == nil {
			trimProfile(&p)
			p.MobilePhone = phoneDigitsIfValid(p.MobilePhone)
			_ = checkProfile(&p, now)
		}
		var in InterestsUpdate
		if json.Unmarshal(body, &in) == nil {
			_ = checkInterests(&in)
		}
	})
}
