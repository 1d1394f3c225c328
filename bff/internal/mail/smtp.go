package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"net/url"
	"strings"
	"time"
)

// SMTP sends over SMTP to the server of SMTP_URL. How TLS is chosen:
//   - smtps://host[:465] speaks TLS from the first byte (implicit TLS).
//   - smtp://host[:587] upgrades with STARTTLS whenever the server offers it, and refuses to send
//     without it unless the server is on this machine (a local catcher such as Mailpit, or a
//     relay sidecar), so neither a password nor a message crosses a network in the clear.
//
// Credentials in the URL (smtp://user:pass@host) are sent with AUTH PLAIN, which net/smtp only
// allows over TLS or to this machine.
type SMTP struct {
	addr     string // host:port
	host     string
	implicit bool
	local    bool
	user     string
	pass     string
	timeout  time.Duration
	// Dial, if set, replaces the TCP dial (tests reach a local server under another name).
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// TLS is the TLS configuration (nil: the system's roots, ServerName the URL's host); tests
	// give their own roots.
	TLS *tls.Config
}

// NewSMTP reads an SMTP_URL; timeout bounds one whole send (connect to QUIT).
func NewSMTP(rawURL string, timeout time.Duration) (*SMTP, error) {
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	s := &SMTP{host: u.Hostname(), implicit: u.Scheme == "smtps", timeout: timeout}
	port := u.Port()
	if port == "" {
		port = "587"
		if s.implicit {
			port = "465"
		}
	}
	s.addr = net.JoinHostPort(s.host, port)
	s.local = onThisMachine(s.host)
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	return s, nil
}

// ParseURL checks an SMTP_URL: smtp:// or smtps://, a host, an optional port and user:password,
// nothing else. Its errors never quote the URL, which may hold a password.
func ParseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not a URL")
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return nil, errors.New("the scheme must be smtp:// (STARTTLS when offered) or smtps:// (TLS)")
	}
	if u.Hostname() == "" {
		return nil, errors.New("no host")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("only smtp[s]://[user:password@]host[:port]")
	}
	return u, nil
}

// Send implements Sender: one connection per message, which is plenty for the outbox's few.
func (s *SMTP) Send(ctx context.Context, e Envelope) (Info, error) {
	from, err := mail.ParseAddress(e.From)
	if err != nil {
		return Info{}, Permanent(fmt.Errorf("the sender address: %w", err))
	}
	to := make([]string, 0, len(e.To))
	for _, t := range e.To {
		a, err := mail.ParseAddress(t)
		if err != nil {
			return Info{}, Permanent(errors.New("a recipient is not an email address"))
		}
		to = append(to, a.Address)
	}
	if len(to) == 0 {
		return Info{}, Permanent(errors.New("no recipient"))
	}
	body, err := compose(e, time.Now())
	if err != nil {
		return Info{}, Permanent(err)
	}

	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	dial := s.Dial
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	conn, err := dial(ctx, "tcp", s.addr)
	if err != nil {
		return Info{}, err
	}
	// net/smtp knows no contexts: the deadline bounds every read and write, and a cancelled
	// context (a shutdown's abandoned send) closes the connection under it.
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	defer context.AfterFunc(ctx, func() { _ = conn.Close() })()
	if s.implicit {
		conn = tls.Client(conn, s.tlsConfig())
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		_ = conn.Close()
		return Info{}, err
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return Info{}, err
	}
	if !s.implicit {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(s.tlsConfig()); err != nil {
				return Info{}, err
			}
		} else if !s.local {
			return Info{}, errors.New("the SMTP server offers no STARTTLS; refusing to send in the clear (use smtps:// for implicit TLS)")
		}
	}
	if s.user != "" {
		if err := c.Auth(smtp.PlainAuth("", s.user, s.pass, s.host)); err != nil {
			return Info{}, err
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return Info{}, err
	}
	for _, t := range to {
		if err := c.Rcpt(t); err != nil {
			return Info{}, err
		}
	}
	w, err := c.Data()
	if err != nil {
		return Info{}, err
	}
	if _, err := w.Write(body); err != nil {
		return Info{}, err
	}
	// The message is the server's once it answers the final dot: from here it counts as sent.
	if err := w.Close(); err != nil {
		return Info{}, err
	}
	_ = c.Quit()
	return Info{MessageID: e.MessageID, Accepted: to}, nil
}

func (s *SMTP) tlsConfig() *tls.Config {
	if s.TLS != nil {
		c := s.TLS.Clone()
		if c.ServerName == "" {
			c.ServerName = s.host
		}
		return c
	}
	return &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
}

// compose writes the message: headers, then the text (and the HTML, as a multipart/alternative,
// when there is one), quoted-printable in UTF-8 so any line length and language survive.
func compose(e Envelope, date time.Time) ([]byte, error) {
	for _, v := range append([]string{e.From, e.Subject, e.MessageID}, e.To...) {
		if strings.ContainsAny(v, "\r\n") {
			return nil, errors.New("a header value holds a line break")
		}
	}
	var b bytes.Buffer
	h := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	h("From", e.From)
	h("To", strings.Join(e.To, ", "))
	h("Subject", mime.QEncoding.Encode("utf-8", e.Subject))
	h("Date", date.Format(time.RFC1123Z))
	h("Message-ID", e.MessageID)
	h("MIME-Version", "1.0")
	if e.HTML == "" {
		h("Content-Type", `text/plain; charset="utf-8"`)
		h("Content-Transfer-Encoding", "quoted-printable")
		b.WriteString("\r\n")
		if err := writeQP(&b, e.Text); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	mw := multipart.NewWriter(&b)
	h("Content-Type", `multipart/alternative; boundary="`+mw.Boundary()+`"`)
	b.WriteString("\r\n")
	for _, part := range []struct{ kind, body string }{{"text/plain", e.Text}, {"text/html", e.HTML}} {
		pw, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.kind + `; charset="utf-8"`},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		if err := writeQP(pw, part.body); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeQP(w interface{ Write([]byte) (int, error) }, s string) error {
	qp := quotedprintable.NewWriter(w)
	if _, err := qp.Write([]byte(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n"))); err != nil {
		return err
	}
	return qp.Close()
}

// replyCode is the SMTP reply code an error carries, if it is the server's reply.
func replyCode(err error) (int, bool) {
	var te *textproto.Error
	if errors.As(err, &te) {
		return te.Code, true
	}
	return 0, false
}

// onThisMachine reports whether host is this machine: localhost or a loopback address.
func onThisMachine(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
