//! The WebSocket side of a game (docs/protocol.md): one connection reads
//! the client's requests in order, and a follower forwards the room's
//! messages; both write through one queue so frames never interleave.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tracing::Instrument;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use novuss_ai::Level;
use tokio::sync::{broadcast, mpsc, watch};
use tokio::task::JoinHandle;

use crate::error::{Code, Failure};
use crate::game::room::Play;
use crate::hub::work::Client;
use crate::hub::{Hub, SharedRoom};
use crate::ids::GameId;
use crate::ids::{PersonId, Secret};
use crate::people::identity::{secret_in, SessionWatch, Visitor};
use crate::wire::pick::Pick;
use crate::wire::ws_in::Request;
use crate::wire::ws_out::Notice;

/// The largest request frame answered with an error; a larger one still
/// gets a `too_large` error.
pub const MAX_FRAME: usize = 16 * 1024;
/// Frames beyond this close the connection (the WebSocket layer's limit).
pub const MAX_MESSAGE: usize = 1024 * 1024;

/// The close code of a socket whose session ended (signed out, or ended by
/// a password change): the page learns who it is again, not as before.
pub const SESSION_ENDED: u16 = 4001;

/// The socket's read buffer, bytes. Every open socket keeps one, so it is
/// sized for a request (a stroke is about 200 bytes), not for a frame: a
/// larger frame grows it, and is read in pieces of this size.
const READ_BUFFER: usize = 1024;

/// Messages waiting for a slow client before the room's newer ones are
/// held back (the follower waits, and a follower too far behind gets the
/// whole state instead).
const QUEUE: usize = 256;

/// How long a closing socket's last messages may take to leave.
const WRITER_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// What the writer is given to send. Not a [`Message`]: a room's message
/// is shared by every socket that follows the room and is copied into a
/// frame only as it is written, so a queue of them holds no copies; and
/// the queue's slots (allocated 32 at a time, whatever its bound) are
/// smaller.
enum Out {
    Text(Arc<str>),
    Ping,
    Close(u16, &'static str),
}

impl Out {
    fn message(self) -> Message {
        match self {
            Out::Text(text) => Message::Text(text.as_ref().into()),
            Out::Ping => Message::Ping(axum::body::Bytes::new()),
            Out::Close(code, reason) => Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            })),
        }
    }
}

/// What the WebSocket handler needs.
#[derive(Clone)]
pub struct Ws {
    /// The games.
    pub hub: Arc<Hub>,
    /// Becomes `true` when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
}

/// What a request was, for the connection's own bookkeeping.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Heard {
    Hello,
    Bye,
    Other,
}

/// The next chat line for this connection, if it reads the chat.
async fn chat_line(chat: &mut Option<crate::chat::Feed>) -> Arc<str> {
    match chat {
        Some(feed) => feed.recv().await,
        None => std::future::pending().await,
    }
}

fn error_text(f: &Failure) -> Arc<str> {
    crate::metrics::refused(f.code);
    Notice::Error {
        code: f.code,
        event: None,
        detail: &f.detail,
        error_id: f.error_id.as_deref(),
    }
    .text()
}

fn error(f: &Failure, event: Option<u64>) -> Out {
    crate::metrics::refused(f.code);
    Out::Text(
        Notice::Error {
            code: f.code,
            event,
            detail: &f.detail,
            error_id: f.error_id.as_deref(),
        }
        .text(),
    )
}

/// `GET /api/games/{id}/ws`
pub async fn upgrade(
    State(ws): State<Ws>,
    Path(id): Path<String>,
    client: Client,
    visitor: Visitor,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    // The session the socket acts under, watched for its end.
    let session = visitor.person.as_ref().and_then(|_| secret_in(&headers));
    let id = match GameId::parse(&id) {
        Ok(id) => id,
        Err(f) => return f.into_response(),
    };
    match ws.hub.room(&id).await {
        Err(f) => f.into_response(),
        Ok(room) => upgrade
            .max_message_size(MAX_MESSAGE)
            // An idle socket costs its buffers: 128 KiB each by default,
            // most of an idle connection's memory. Requests are small, and
            // each message is written whole (tungstenite still keeps the
            // capacity of the largest frame written, which nothing here can
            // give back).
            .read_buffer_size(READ_BUFFER)
            .write_buffer_size(0)
            .on_upgrade(move |socket| {
                // The socket's lines name its game.
                let span = tracing::info_span!("socket", game = %id);
                connection(ws, id, room, client, (visitor, session), socket).instrument(span)
            }),
    }
}

async fn connection(
    ws: Ws,
    id: GameId,
    room: SharedRoom,
    client: Client,
    (visitor, session): (Visitor, Option<Secret>),
    socket: WebSocket,
) {
    // The game stays in memory while this socket is open.
    let _watching = room.lock().await.watch();
    let _open = crate::metrics::SocketOpen::new();
    let person = visitor.person;
    let mut session = match session {
        Some(secret) => Some(ws.hub.people().watch_session(&secret).await),
        None => None,
    };
    // Whether this socket counts toward its person's presence: from their
    // first `hello` to the socket's close.
    let mut present = false;
    // Whether the page said goodbye before the socket closed.
    let mut bye = false;
    // Whether the socket is counted in its game's audience: decided on its
    // first `hello` (a player's socket never is).
    let mut audience: Option<bool> = None;
    let (mut sink, mut stream) = socket.split();
    let (out, mut queue) = mpsc::channel::<Out>(QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(m) = queue.recv().await {
            if sink.send(m.message()).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut follower: Option<JoinHandle<()>> = None;
    let hinting = Arc::new(AtomicBool::new(false));
    let mut shutdown = ws.shutdown.clone();
    // Silence from the client: pinged after `quiet`, closed after as long
    // again. One timer, moved on whenever the client says anything.
    let quiet = ws.hub.timing().socket_ping;
    let mut silence = Box::pin(tokio::time::sleep(quiet));
    let mut pinged = false;
    loop {
        let message = tokio::select! {
            m = stream.next() => m,
            () = &mut silence => {
                if pinged {
                    tracing::debug!(game = %id, "a socket that answers no ping is closed");
                    let _ = out.try_send(Out::Close(close_code::POLICY, "no answer to pings"));
                    break;
                }
                pinged = true;
                let _ = out.try_send(Out::Ping);
                silence.as_mut().reset(tokio::time::Instant::now() + quiet);
                continue;
            }
            _ = shutdown.changed() => {
                let _ = out
                    .send(Out::Close(close_code::AWAY, "the server is stopping"))
                    .await;
                None
            }
            _ = session_ended(&mut session) => {
                let _ = out
                    .send(Out::Close(SESSION_ENDED, "the session ended: sign in again"))
                    .await;
                None
            }
        };
        let Some(Ok(message)) = message else { break };
        pinged = false;
        silence.as_mut().reset(tokio::time::Instant::now() + quiet);
        match message {
            Message::Text(text) => {
                if text.len() > MAX_FRAME {
                    let f = Failure::new(
                        Code::TooLarge,
                        format!("a message is at most {MAX_FRAME} bytes"),
                    );
                    let _ = out.send(error(&f, None)).await;
                    continue;
                }
                // Boxed, as are the hub's calls below: this task lives as
                // long as the socket, and a future awaited in it is part of
                // it for all that time. Handling a request reaches every
                // path of the hub (kilobytes of future), which an idle
                // socket should not carry.
                let heard = Box::pin(handle(
                    &ws.hub,
                    (&id, &room, client, person.as_ref()),
                    text.as_str(),
                    &out,
                    (&mut follower, &mut audience),
                    &hinting,
                ))
                .await;
                bye |= heard == Heard::Bye;
                if heard == Heard::Hello && !present {
                    if let Some(p) = &person {
                        Box::pin(ws.hub.arrive(&room, p)).await;
                        present = true;
                    }
                }
            }
            Message::Binary(_) => {
                let f = Failure::new(Code::BadMessage, "messages are JSON text frames");
                let _ = out.send(error(&f, None)).await;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => {}
        }
    }
    if let Some(f) = follower {
        f.abort();
    }
    if present {
        if let Some(p) = &person {
            Box::pin(ws.hub.leave(&room, p, bye)).await;
        }
    }
    if audience == Some(true) {
        Box::pin(ws.hub.part(&room)).await;
    }
    drop(out);
    // What is queued goes out, unless the client reads nothing: then the
    // writer is stopped, so that a peer that never reads cannot keep the
    // socket (and its queue) for ever.
    let mut writer = writer;
    if tokio::time::timeout(WRITER_GRACE, &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}

/// Completes when the session a socket acts under ends (never for a
/// socket of nobody's).
async fn session_ended(session: &mut Option<SessionWatch>) {
    match session {
        Some(w) => w.ended().await,
        None => std::future::pending().await,
    }
}

/// Answers one request; says what it was.
async fn handle(
    hub: &Arc<Hub>,
    (id, room, client, who): (&GameId, &SharedRoom, Client, Option<&PersonId>),
    text: &str,
    out: &mpsc::Sender<Out>,
    (follower, audience): (&mut Option<JoinHandle<()>>, &mut Option<bool>),
    hinting: &Arc<AtomicBool>,
) -> Heard {
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            let f = Failure::new(Code::BadMessage, format!("not a request: {e}"));
            let _ = out.send(error(&f, None)).await;
            return Heard::Other;
        }
    };
    let heard = match request {
        Request::Hello { .. } => Heard::Hello,
        Request::Bye => Heard::Bye,
        _ => Heard::Other,
    };
    let result = match request {
        Request::Hello { since } => {
            if let Some(f) = follower.take() {
                f.abort();
            }
            *follower = Some(follow(hub, room, (who, audience), since, out.clone()).await);
            // A computer turn that failed (its stroke not stored, say) is
            // tried again whenever a client comes back.
            hub.wake(room.clone());
            Ok(())
        }
        Request::Stroke(s) => play(hub, id, who, Play::Stroke(s)).await,
        Request::TakeBack { event } => play(hub, id, who, Play::TakeBack { event }).await,
        Request::NextSet { event } => play(hub, id, who, Play::NextSet { event }).await,
        Request::Resign { event, seat } => play(hub, id, who, Play::Resign { event, seat }).await,
        Request::Abort { event, seat } => play(hub, id, who, Play::Abort { event, seat }).await,
        Request::Claim {
            event,
            seat,
            absent,
            what,
        } => hub
            .claim(id, who, event, seat, absent, what)
            .await
            .map_err(|f| (f, Some(event))),
        Request::Bye => Ok(()),
        Request::Offer { event, seat, kind } => hub
            .offer(id, who, event, seat, kind)
            .await
            .map_err(|f| (f, Some(event))),
        Request::Answer { kind, accept } => hub
            .answer(id, who, kind, accept)
            .await
            .map_err(|f| (f, None)),
        Request::Chat { preset, text, room } => {
            let request = crate::chat::ChatRequest { preset, text, room };
            hub.chat(id, who, request).await.map_err(|f| (f, None))
        }
        Request::ChatSettings { free_text } => hub
            .chat_settings(id, who, free_text)
            .await
            .map_err(|f| (f, None)),
        Request::Hint { event, level } => {
            let level = match level {
                None => Ok(Level::Expert),
                Some(Pick::Known(l)) => Ok(l),
                Some(Pick::Unknown(name)) => Err((
                    Failure::new(
                        Code::BadMessage,
                        format!(
                            "unknown level {name:?}: one of {}",
                            crate::game::setup::level_names().join(", ")
                        ),
                    ),
                    Some(event),
                )),
            };
            match level {
                Err(e) => Err(e),
                Ok(_) if hinting.swap(true, Ordering::AcqRel) => Err((
                    Failure::new(
                        Code::Busy,
                        "a hint is being worked out for this window already",
                    ),
                    Some(event),
                )),
                // The client's place is taken now, so that its next
                // heavy request already finds it taken; the turn for a
                // slot is awaited apart, so that the socket's other
                // requests go on meanwhile.
                Ok(level) => match hub.queue(client, "hint") {
                    Err(f) => {
                        hinting.store(false, Ordering::Release);
                        Err((f, Some(event)))
                    }
                    Ok(queued) => {
                        let (hub, id, out, hinting) =
                            (hub.clone(), id.clone(), out.clone(), hinting.clone());
                        let who = who.cloned();
                        tokio::spawn(async move {
                            let answer = match queued.turn(crate::hub::work::WAIT).await {
                                Ok(ticket) => {
                                    hub.hint(&id, who.as_ref(), event, level, ticket).await
                                }
                                Err(f) => Err(f),
                            };
                            let m = match answer {
                                Ok(text) => Out::Text(text),
                                Err(f) => error(&f, Some(event)),
                            };
                            hinting.store(false, Ordering::Release);
                            let _ = out.send(m).await;
                        });
                        Ok(())
                    }
                },
            }
        }
    };
    if let Err((f, event)) = result {
        let _ = out.send(error(&f, event)).await;
    }
    heard
}

/// Sends what the client missed since `since` (or the whole state), then
/// every later message of the room, in order. On the socket's first
/// `hello` (`audience` still undecided) it joins the game's audience,
/// unless it is a player's: everyone else at the game is told, and it is
/// told the count in its backlog.
async fn follow(
    hub: &Hub,
    room: &SharedRoom,
    (who, audience): (Option<&PersonId>, &mut Option<bool>),
    since: Option<u64>,
    out: mpsc::Sender<Out>,
) -> JoinHandle<()> {
    let (backlog, mut rx, mut chat) = {
        let mut r = room.lock().await;
        if audience.is_none() {
            *audience = Some(r.greet(who));
            if let Some(news) = r.audience_news() {
                r.announce(news);
            }
        }
        let mut backlog = match since.and_then(|n| r.since(n)) {
            // The events missed; first, if the last of them is a stroke
            // still moving, how long ago it was made.
            Some(events) => {
                let mut backlog: Vec<_> = since
                    .and_then(|n| r.moving_message(n, crate::game::clock::now_ms()))
                    .into_iter()
                    .collect();
                backlog.extend(events);
                backlog
            }
            None => vec![r.state_message()],
        };
        // Between people, who is connected (not part of the state).
        if r.seats().between_people() {
            backlog.push(r.seats_message());
        }
        // The clocks, if the game has any; an offer waiting; the rematch
        // made.
        backlog.extend(r.timers_message(crate::game::clock::now_ms(), &hub.timing()));
        // How many watch, if anyone does.
        backlog.extend(r.audience_message());
        backlog.extend(r.offer_message());
        backlog.extend(r.rematch().map(|id| Notice::Rematch { id }.text()));
        // The chat of the connection's room, after the game.
        let chat = match hub.chat_follow(&mut r, who).await {
            Ok((lines, feed)) => {
                backlog.extend(lines);
                Some(feed)
            }
            Err(f) => {
                backlog.push(error_text(&f));
                None
            }
        };
        // Subscribed under the lock: nothing falls between the backlog and
        // the live messages.
        (backlog, r.subscribe(), chat)
    };
    let room = room.clone();
    tokio::spawn(async move {
        for m in backlog {
            if out.send(Out::Text(m)).await.is_err() {
                return;
            }
        }
        loop {
            let received = tokio::select! {
                m = rx.recv() => m,
                line = chat_line(&mut chat) => Ok(line),
            };
            let m = match received {
                Ok(m) => m,
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Too far behind: the whole state, and the live
                    // messages from there on (subscribed under the same
                    // lock, so none is older than the state).
                    let r = room.lock().await;
                    rx = r.subscribe();
                    r.state_message()
                }
                Err(broadcast::error::RecvError::Closed) => {
                    // The room was retired: its picture may differ from
                    // what is stored. The client reconnects and gets the
                    // game as stored.
                    let _ = out
                        .send(Out::Close(
                            close_code::RESTART,
                            "the game was reloaded: connect again",
                        ))
                        .await;
                    return;
                }
            };
            if out.send(Out::Text(m)).await.is_err() {
                return;
            }
        }
    })
}

/// A change a player asks of the game, through the hub; a refusal names
/// the event it was asked at.
async fn play(
    hub: &Arc<Hub>,
    id: &GameId,
    who: Option<&PersonId>,
    play: Play,
) -> Result<(), (Failure, Option<u64>)> {
    let event = play.event();
    hub.play(id, who, play).await.map_err(|f| (f, Some(event)))
}

#[cfg(test)]
mod tests {
    use crate::wire::ws_in::Request;

    /// Every request of the protocol's golden file (crate::golden) is one
    /// this connection understands, and nothing near one is.
    #[test]
    fn every_request_of_the_golden_file_is_understood() {
        for example in crate::golden::requests() {
            if let Err(e) = serde_json::from_value::<Request>(example.clone()) {
                panic!("{example}: {e}");
            }
        }
        for wrong in [
            serde_json::json!({"type": "stroke", "event": 3}),
            serde_json::json!({"type": "chat", "text": "hi", "room": "everyone"}),
            serde_json::json!({"type": "hello", "since": 1, "extra": true}),
        ] {
            assert!(
                serde_json::from_value::<Request>(wrong.clone()).is_err(),
                "{wrong}"
            );
        }
    }
}
