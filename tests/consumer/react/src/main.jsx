// A chat message with its peer badge, and the ledger view beside it, as a
// React app renders them: the elements take objects as properties, and the
// app routes on the view's `hapi-open` event.
import init from 'hapi-a2a-core';
import 'hapi-a2a-core/elements';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
// A peer message's meta as the hub stores it.
import peerMeta from './peer-meta.json';


function App() {
  const [ledger, setLedger] = useState(null);
  const [opened, setOpened] = useState('');
  const view = useRef(null);
  useEffect(() => {
    fetch('/demo-ledger.json').then((r) => r.json()).then(setLedger);
  }, []);
  useEffect(() => {
    const node = view.current;
    if (!node) return undefined;
    const onOpen = (e) => setOpened(`${e.detail.kind} ${e.detail.id}`);
    node.addEventListener('hapi-open', onOpen);
    return () => node.removeEventListener('hapi-open', onOpen);
  }, [ledger]);
  return (
    <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '0 .75rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Chat</h1>
      <p id="message">
        The review is done. <hapi-peer-badge id="badge" meta={peerMeta} sourceListed={true}></hapi-peer-badge>
      </p>
      <p id="opened">{opened ? `opened ${opened}` : 'nothing opened yet'}</p>
      {ledger && <hapi-ledger-view id="ledger" ref={view} ledger={ledger}></hapi-ledger-view>}
    </main>
  );
}

await init();
createRoot(document.getElementById('root')).render(<App />);
