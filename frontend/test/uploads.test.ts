import { describe, expect, it } from 'vitest';
import contract from '../../contracts/uploads.json';
import { BffError, CANCELLED } from '@/lib/bff/error';
import { ACCEPT, checkFile, fileExtension, formatFileSize, quoteName, submitFailure, uploadFailure, uploadMessage } from '@/lib/uploads';

// The browser's checks of a case document (spec 2 §5, contracts/uploads.json), in the BFF's order
// and words, and what a failed upload or submission says (spec 2 §8).

const MB20 = 20 * 1024 * 1024;
const pdf = (name = 'pay-stub.pdf', size = 300_000, type = 'application/pdf') => ({ name, size, type });

describe('checkFile', () => {
  it('accepts each type of the contract by its extensions, in any case, with its MIME type or none', () => {
    expect(checkFile(pdf())).toBeNull();
    expect(checkFile(pdf('SCAN.PDF'))).toBeNull();
    expect(checkFile(pdf('scan.pdf', 10, 'application/x-pdf'))).toBeNull();
    expect(checkFile({ name: 'letter.doc', size: 10, type: 'application/msword' })).toBeNull();
    expect(checkFile({ name: 'letter.docx', size: 10, type: '' })).toBeNull();
    expect(checkFile({ name: 'photo.jpeg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(checkFile({ name: 'photo.JPG', size: 10, type: 'image/pjpeg' })).toBeNull();
    expect(checkFile({ name: 'bill.png', size: 10, type: 'image/png' })).toBeNull();
  });

  it('refuses every denied extension in its words, whatever the declared type', () => {
    for (const ext of contract.deniedExtensions) {
      expect(checkFile({ name: `setup.${ext}`, size: 10, type: 'application/octet-stream' })).toBe(`File type ${ext} not allowed.`);
    }
    expect(checkFile({ name: 'SETUP.EXE', size: 10, type: '' })).toBe('File type exe not allowed.');
  });

  it('refuses an extension that is not accepted, and a name without one', () => {
    expect(checkFile({ name: 'notes.txt', size: 10, type: 'text/plain' })).toBe('File type txt not allowed.');
    expect(checkFile({ name: 'archive.tar.gz', size: 10, type: '' })).toBe('File type gz not allowed.');
    expect(checkFile({ name: 'README', size: 10, type: '' })).toBe('File type not allowed.');
  });

  it('refuses the rejected MIME types, and a declared type that is not the extension’s', () => {
    for (const mime of contract.rejectedMimeTypes) {
      expect(checkFile(pdf('scan.pdf', 10, mime))).toBe('File type not allowed.');
    }
    expect(checkFile(pdf('scan.pdf', 10, 'image/png'))).toBe('File type not allowed.');
  });

  it('refuses a file over 20 MB and an empty one', () => {
    expect(checkFile(pdf('big.pdf', MB20))).toBeNull();
    expect(checkFile(pdf('big.pdf', MB20 + 1))).toBe('Max allowed file size is 20 MB');
    expect(checkFile(pdf('blank.pdf', 0))).toBe('blank.pdf is empty.');
  });

  it('refuses a name already in the queue', () => {
    expect(checkFile(pdf('a.pdf'), ['a.pdf'])).toBe('Cannot add file of the same name a.pdf');
    expect(checkFile(pdf('a.pdf'), new Set(['b.pdf']))).toBeNull();
  });

  it("refuses what the BFF refuses in a name, quoting it as the BFF does (Go's strconv.Quote)", () => {
    const invalid = (quoted: string) =>
      `The file name ${quoted} cannot be used: names may not contain slashes, '..' or control characters. Please rename the file.`;
    // Each name with what strconv.Quote makes of it.
    const cases: [string, string][] = [
      ['a/b.pdf', '"a/b.pdf"'],
      ['a\\b.pdf', '"a\\\\b.pdf"'],
      ['../b.pdf', '"../b.pdf"'],
      ['a..pdf', '"a..pdf"'],
      ['tab\there.pdf', '"tab\\there.pdf"'],
      ['nul\u0000.pdf', '"nul\\x00.pdf"'],
      ['del\u007f.pdf', '"del\\x7f.pdf"'],
      ['c1\u0085.pdf', '"c1\\u0085.pdf"'],
      ['bell\u0007.pdf', '"bell\\a.pdf"'],
      ['invoice\u202efdp.pdf', '"invoice\\u202efdp.pdf"'],
      [' lead.pdf', '" lead.pdf"'],
      ['trail.pdf ', '"trail.pdf "'],
      ['.', '"."'],
      ['', '""'],
    ];
    for (const [name, quoted] of cases) expect(checkFile(pdf(name)), name).toBe(invalid(quoted));
    expect(quoteName('émoji😀".pdf')).toBe('"émoji😀\\".pdf"');
    expect(quoteName('nb\u00a0.pdf')).toBe('"nb\\u00a0.pdf"');
    expect(checkFile(pdf('half\ud800.pdf'))).toBe(invalid('"half\\ud800.pdf"'));
  });

  it('refuses names over the length limit, counted in characters, before their characters', () => {
    const long = `${'x'.repeat(contract.limits.nameMaxLength - 4)}.pdf`;
    expect(checkFile(pdf(long))).toBeNull();
    expect(checkFile(pdf(`x${long}`))).toBe('File names can be at most 180 characters. Please rename the file.');
    expect(checkFile(pdf(`/${long}`))).toBe('File names can be at most 180 characters. Please rename the file.');
    // Characters, not UTF-16 units: 176 emoji and '.pdf' are 180 characters.
    expect(checkFile(pdf(`${'😀'.repeat(176)}.pdf`))).toBeNull();
  });

  it('checks a missing extension before the denied ones, and ignores MIME parameters', () => {
    expect(checkFile({ name: 'README', size: 10, type: 'application/x-sh' })).toBe('File type not allowed.');
    expect(checkFile(pdf('scan.pdf', 10, 'Application/PDF; charset=binary'))).toBeNull();
  });

  it('reads the extension after the last dot, in lower case', () => {
    expect(fileExtension('a.b.PDF')).toBe('pdf');
    expect(fileExtension('none')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});

describe('the contract in the browser', () => {
  it('offers every accepted extension to the file chooser', () => {
    expect(ACCEPT).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
  });

  it('fills the placeholders of its messages and leaves unknown ones', () => {
    expect(uploadMessage('fileAdded', { date: 'March 05, 2026' })).toBe('Added March 05, 2026');
    expect(uploadMessage('duplicateInQueue')).toBe('Cannot add file of the same name {name}');
  });

  it('says sizes in bytes, KB and MB', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(812)).toBe('812 bytes');
    expect(formatFileSize(300_000)).toBe('293 KB');
    expect(formatFileSize(MB20)).toBe('20 MB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    // Not '1024 KB'.
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1 MB');
  });
});

const refusal = (status: number, detail?: string) =>
  new BffError(`BFF answered ${status}`, {
    status,
    detail: detail ?? `The server answered ${status}.`,
    problem: detail ? { type: 'about:blank', title: 'x', status, detail, code: 'invalid' } : undefined,
  });

describe('uploadFailure', () => {
  const say = (error: unknown) => uploadFailure(error, 'scan.pdf', '800-472-2005');

  it('says the member cancelled, and a file that did not get through', () => {
    expect(say(new BffError('cancelled', { status: 0, code: CANCELLED }))).toBe('User cancelled upload: scan.pdf');
    expect(say(new BffError('unreachable', { status: 0, code: 'unavailable' }))).toBe('There was a problem processing scan.pdf');
    expect(say(new TypeError('boom'))).toBe('There was a problem processing scan.pdf');
    expect(say(refusal(502))).toBe('There was a problem processing scan.pdf');
  });

  it('says an unauthorized upload with the support line', () => {
    expect(say(refusal(401, 'Please log in.'))).toBe(
      'scan.pdf could not be uploaded. Check that it is an allowed type (doc, docx, pdf, jpg or png) and under the maximum size of 20 MB. If it still fails, contact the grants team at 800-472-2005.',
    );
  });

  it("gives the BFF's words for its refusals", () => {
    expect(say(refusal(400, 'scan.pdf is not a valid PDF file. File type not allowed.'))).toBe(
      'scan.pdf is not a valid PDF file. File type not allowed.',
    );
    expect(say(refusal(409, 'File scan.pdf already exists. Please use a different name.'))).toBe(
      'File scan.pdf already exists. Please use a different name.',
    );
    expect(say(refusal(404, 'This case was not found.'))).toBe('This case was not found.');
    // The quotas and the unconfirmed email, as the BFF words them from the contract.
    for (const [status, detail] of [
      [413, uploadMessage('caseFull', { max: 20, phone: '800-472-2005' })],
      [429, uploadMessage('dailyLimit', { max: '200 MB', phone: '800-472-2005' })],
      [429, uploadMessage('tooManyInFlight', { max: 6 })],
      [403, uploadMessage('verifyFirst')],
    ] as const) {
      expect(say(refusal(status, detail))).toBe(detail);
    }
    expect(say(refusal(503, 'Files cannot be stored just now. Please try again in a moment, or call 800-472-2005.'))).toBe(
      'Files cannot be stored just now. Please try again in a moment, or call 800-472-2005.',
    );
  });

  it('words what the BFF did not', () => {
    expect(say(refusal(413))).toBe('Max allowed file size is 20 MB');
    expect(say(refusal(503))).toBe('Files cannot be stored just now. Please try again in a moment, or call 800-472-2005.');
    expect(say(refusal(500, 'internal'))).toBe('Unknown upload error occurred!');
    expect(say(refusal(418))).toBe('Unhandled upload error 418 occurred!');
  });
});

describe('submitFailure', () => {
  it("gives the BFF's words for a refused submission, and the catalogue's otherwise", () => {
    expect(submitFailure(refusal(400, 'a.pdf has not been uploaded to this case.'))).toBe('a.pdf has not been uploaded to this case.');
    expect(submitFailure(refusal(503, 'Unavailable'))).toBe('Something went wrong while processing your files for submission.');
    expect(submitFailure(new BffError('unreachable', { status: 0 }))).toBe(
      'Something went wrong while processing your files for submission.',
    );
  });
});
