// jsdom has <dialog> but none of its behaviour. What the components rely on, as browsers do it:
// showModal() and close() set and clear `open` (close() fires 'close'), the modal dialogs stack,
// and Escape fires a cancelable 'cancel' at the top one, which closes it unless prevented.
const modals: HTMLDialogElement[] = [];

export function installDialog() {
  if (typeof HTMLDialogElement === 'undefined') return; // a test run in node
  const proto = HTMLDialogElement.prototype;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const at = modals.indexOf(this);
    if (at >= 0) modals.splice(at, 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A dialog taken out of the document is no longer shown.
    while (modals.length > 0 && !modals[modals.length - 1]!.isConnected) modals.pop();
    const top = modals[modals.length - 1];
    if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
