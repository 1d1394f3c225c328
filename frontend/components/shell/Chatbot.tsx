'use client';

import { useEffect } from 'react';
import { useSession } from '@/components/session/SessionProvider';

/** The id of the chat assistant's script element while it is in the page. */
export const CHATBOT_SCRIPT_ID = 'chatbot-script';

/**
 * The chat assistant for signed-in members (spec 1 §1, §4): its script is added when a member
 * signs in and taken out, with whatever it put in the page, when they sign out. The script's
 * address is configuration (CHATBOT_SCRIPT_URL), handed down by the root layout.
 */
export function Chatbot({ scriptUrl }: { scriptUrl: string }) {
  const signedIn = Boolean(useSession().member);
  useEffect(() => {
    if (!signedIn) return;
    return mountChatbot(scriptUrl);
  }, [signedIn, scriptUrl]);
  return null;
}

// Elements the framework itself adds to <body> (the route announcer, the dev overlay): a chat
// script did not add them, so they must survive the sign-out.
const FRAMEWORK_TAGS = new Set(['NEXT-ROUTE-ANNOUNCER', 'NEXTJS-PORTAL']);

/** React marks the DOM nodes it renders with its own expando properties (`__reactFiber$…`). */
function ownedByFramework(node: Node): boolean {
  return FRAMEWORK_TAGS.has(node.nodeName) || Object.keys(node).some((key) => key.startsWith('__react'));
}

/**
 * Adds the chat script to the page and returns what takes it out again. Chat widgets put their
 * launcher and frames straight into <body>, so everything added there while the script is in the
 * page, bar what React and Next render, is taken out with it.
 */
export function mountChatbot(src: string): () => void {
  const added = new Set<ChildNode>();
  const collect = (records: MutationRecord[]) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (!ownedByFramework(node)) added.add(node as ChildNode);
    }
  };
  const observer = new MutationObserver(collect);
  observer.observe(document.body, { childList: true });

  const script = document.createElement('script');
  script.id = CHATBOT_SCRIPT_ID;
  script.src = src;
  script.async = true;
  document.body.append(script);

  return () => {
    collect(observer.takeRecords()); // what was added since the observer last reported
    observer.disconnect();
    script.remove();
    for (const node of added) node.remove();
  };
}
