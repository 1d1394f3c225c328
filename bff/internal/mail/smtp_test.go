package mail_test

import (
	"context"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/mail"
	"github.com/union-benefits/portal/bff/internal/mail/mailtest"
)

func TestSMTPSendsTheMessageWithItsHeaders(t *testing.T) {
	srv := mailtest.StartSMTP(t)
	s, err := mail.NewSMTP(srv.URL(), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	text := "Hello Zoë,\n\nThe password of your account was just changed, and this line is long enough to be folded by quoted-printable encoding.\n"
	info, err := s.Send(context.Background(), mail.Envelope{
		MessageID: "<m1.outbox@union-benefits.test>", From: from, To: []string{"Ada <ada@example.com>"},
		Subject: "Your password was changed – é", Text: text,
	})
	if err != nil {
		t.Fatal(err)
	}
	got := srv.Messages()
	if len(got) != 1 || info.MessageID != "<m1.outbox@union-benefits.test>" || len(info.Accepted) != 1 || info.Accepted[0] != "ada@example.com" {
		t.Fatalf("%d messages, info %+v", len(got), info)
	}
	m := got[0]
	if m.From != "no-reply@union-benefits.test" || len(m.To) != 1 || m.To[0] != "ada@example.com" {
		t.Errorf("envelope from %q to %q", m.From, m.To)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
	if m.Msg.Header.Get("Message-Id") != "<m1.outbox@union-benefits.test>" || subject != "Your password was changed – é" ||
		m.Msg.Header.Get("From") != from {
		t.Errorf("headers %v (subject %q)", m.Msg.Header, subject)
	}
	body, _ := io.ReadAll(quotedprintable.NewReader(strings.NewReader(m.Body)))
	if strings.ReplaceAll(string(body), "\r\n", "\n") != text {
		t.Errorf("body %q", body)
	}
}

func TestSMTPRepliesDecideWhetherToRetry(t *testing.T) {
	srv := mailtest.StartSMTP(t)
	srv.Reply = func(n int) string { return []string{"451 4.3.0 try later", "554 5.7.1 rejected"}[n%2] }
	s, _ := mail.NewSMTP(srv.URL(), 5*time.Second)
	e := mail.Envelope{MessageID: "<m@x>", From: from, To: []string{"ada@example.com"}, Subject: "s", Text: "t"}
	_, err := s.Send(context.Background(), e)
	if err == nil || mail.IsPermanent(err) {
		t.Errorf("a 4xx reply: %v, permanent %v", err, mail.IsPermanent(err))
	}
	srv.Reply = func(int) string { return "554 5.7.1 rejected" }
	if _, err = s.Send(context.Background(), e); err == nil || !mail.IsPermanent(err) {
		t.Errorf("a 5xx reply: %v, permanent %v", err, mail.IsPermanent(err))
	}
	e.Subject = "two\r\nBcc: someone@example.com"
	if _, err = s.Send(context.Background(), e); err == nil || !mail.IsPermanent(err) {
		t.Errorf("a header with a line break was sent: %v", err)
	}
}

func TestSMTPURLs(t *testing.T) {
	for _, ok := range []string{"smtp://127.0.0.1:1025", "smtps://user:pass@smtp.example.com", "smtp://u:p@relay:587/"} {
		if _, err := mail.ParseURL(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://u:s3cret@smtp.example.com", "smtp://u:s3cret@", "smtp://u:s3cret@host/path", "smtp://host?tls=off", "127.0.0.1:25"} {
		if _, err := mail.ParseURL(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		} else if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: the error quotes the URL: %v", bad, err)
		}
	}
}

// Off this machine a server must offer STARTTLS (or be reached over smtps://): the message and
// any password would otherwise cross the network in the clear. The test's server offers none and
// is reached under a name that is not this machine's.
func TestSMTPRefusesPlainTextOffThisMachine(t *testing.T) {
	srv := mailtest.StartSMTP(t)
	_, port, _ := strings.Cut(srv.Addr, ":")
	s, err := mail.NewSMTP("smtp://127.0.0.1.nip.invalid:"+port, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var d net.Dialer
	s.Dial = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return d.DialContext(ctx, network, srv.Addr)
	}
	_, err = s.Send(context.Background(), mail.Envelope{MessageID: "<m@x>", From: from, To: []string{"ada@example.com"}, Subject: "s", Text: "t"})
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") || len(srv.Messages()) != 0 {
		t.Fatalf("sent in the clear: %v", err)
	}
}
