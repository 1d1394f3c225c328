package portal

import "testing"

func TestImagesTakeTheirStyle(t *testing.T) {
	img := &Image{URL: "https://cms/f.svg", Alt: "a", Width: 1000, Height: 500,
		Styles: map[string]string{"412w": "https://cms/f.svg?itok=1", "500x500": "https://cms/f.svg?itok=2"}}
	if got := StyledImage(img, "412w"); got.URL != "https://cms/f.svg?itok=1" || got.Width != 412 || got.Height != 206 || got.Styles != nil {
		t.Errorf("412w: %+v", got)
	}
	if got := StyledImage(img, "500x500"); got.Width != 500 || got.Height != 500 {
		t.Errorf("500x500: %+v", got)
	}
	if got := StyledImage(img, "600x315"); got.URL != img.URL || got.Width != 600 || got.Height != 315 {
		t.Errorf("a style the CMS lacks keeps the original URL: %+v", got)
	}
	if StyledImage(nil, "412w") != nil {
		t.Error("no image stays no image")
	}
}

func TestCarMakeSlug(t *testing.T) {
	for name, want := range map[string]string{
		"Ford": "ford", "Land Rover": "land-rover", "Mercedes-Benz": "mercedes-benz",
		" Alfa  Romeo ": "alfa-romeo", "!!": "",
	} {
		if got := CarMakeSlug(name); got != want {
			t.Errorf("CarMakeSlug(%q) = %q; want %q", name, got, want)
		}
	}
}
