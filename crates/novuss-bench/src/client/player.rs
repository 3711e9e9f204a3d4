//! Playing a hot-seat game that never ends, cheaply: the gentle stroke
//! (the striker pushed slowly straight off its own cushion, so it touches
//! nothing), and a WebSocket client that plays it and times each stroke
//! from sending it until its own `stroke` event comes back.
//!
//! Why the set never ends: from the line-up each side's discs lie at the
//! far cushion, light for their owner, and a gentle stroke touches none of
//! them. The referee calls a foul, the turn passes, and the penalty is a
//! debt (nobody has a pocketed disc to put back). A side with a debt has
//! not cleared, nobody pockets, and the blind-miss replay only counts
//! players whose discs are all dark: no result is ever reached. The
//! long-game mode checks every stroke's verdict with the core.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use novuss_core::seat::Seat;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::WebSocketStream;

use super::http::{self, HttpError};

/// Why a request to play did not do what it asked: no answer (an
/// [`HttpError`]), a refusal, or a socket that failed. Its `Display` is a
/// short English phrase that the reports quote.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// The request got no answer that could be read.
    #[error(transparent)]
    Http(#[from] HttpError),
    /// The server answered a request with an error.
    #[error("{request}: {status} {code}")]
    Refused {
        /// Which request.
        request: Request,
        /// The answer's status.
        status: u16,
        /// Its error code (empty when it has none).
        code: String,
    },
    /// The game's WebSocket address cannot be one.
    #[error("not a WebSocket address: {0}")]
    Address(#[source] tungstenite::Error),
    /// The person's cookie cannot be sent as a header.
    #[error("the cookie is not a header value")]
    Cookie,
    /// The WebSocket could not be opened (refused, or the connection
    /// failed during the upgrade).
    #[error("cannot open the WebSocket: {0}")]
    Open(#[source] tungstenite::Error),
    /// The WebSocket took longer than [`ANSWER_LIMIT`] to open.
    #[error("the WebSocket did not open in time")]
    OpenTimeout,
    /// A message could not be sent.
    #[error("cannot send: {0}")]
    Send(#[source] tungstenite::Error),
    /// Nothing came within [`ANSWER_LIMIT`].
    #[error("no message within the time limit")]
    Silent,
    /// A text message that is not JSON.
    #[error("{0}")]
    Json(#[source] serde_json::Error),
    /// The server closed the socket.
    #[error("the socket closed")]
    Closed,
    /// The socket failed.
    #[error("the socket failed: {0}")]
    Socket(#[source] tungstenite::Error),
    /// A stroke was asked for after the set ended.
    #[error("the set is over")]
    SetOver,
    /// A stroke that had to be played was refused: `code: detail`.
    #[error("the stroke was refused: {0}")]
    StrokeRefused(String),
}

impl PlayerError {
    /// Whether the server turned the WebSocket away with this status
    /// (429: too many requests from the address).
    pub fn upgrade_status(&self) -> Option<u16> {
        match self {
            PlayerError::Open(tungstenite::Error::Http(answer)) => Some(answer.status().as_u16()),
            _ => None,
        }
    }
}

/// The requests over HTTP that [`PlayerError::Refused`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// `POST /api/games`.
    Create,
    /// `POST /api/games/{id}/join`.
    Join,
}

impl std::fmt::Display for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Request::Create => "creating a game",
            Request::Join => "joining a game",
        })
    }
}

/// A hot-seat singles game of one set.
pub const HOT_SEAT: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human"}]}"#;

/// A hot-seat singles game of five sets (the long game goes on to the next
/// set should one ever end).
pub const HOT_SEAT_LONG: &str = r#"{"format":"singles","profile":"lnf-2017","sets":5,
    "players":[{"kind":"human"},{"kind":"human"}]}"#;

/// The gentle stroke's speed, m/s: the striker stops a few centimetres
/// from where it started.
const GENTLE_SPEED: f64 = 0.5;

/// The gentle stroke for `seat`: striker, direction, speed. The striker
/// sits in the middle of the seat's placement strip, 8 cm from its
/// cushion, clear of the discs of the line-up (6.5 cm away, more than the
/// 3.75 cm the rules keep clear), and goes straight into the table.
pub fn gentle(seat: Seat) -> ([f64; 2], [f64; 2], f64) {
    let (striker, direction) = match seat {
        Seat::South => ([0.5, 0.08], [0.0, 1.0]),
        Seat::North => ([0.5, 0.92], [0.0, -1.0]),
        Seat::West => ([0.08, 0.5], [1.0, 0.0]),
        Seat::East => ([0.92, 0.5], [-1.0, 0.0]),
    };
    (striker, direction, GENTLE_SPEED)
}

/// How long any one message may take to come back before the client gives
/// up (a generous bound: it is there so that nothing waits forever).
pub const ANSWER_LIMIT: Duration = Duration::from_secs(300);

/// A game a benchmark created: its id, and the cookie of the person who
/// created it, who holds its seats.
#[derive(Clone, Debug)]
pub struct GameLink {
    /// The game's id.
    pub id: String,
    /// `novuss_id=…`, to send as the `Cookie` header.
    pub cookie: String,
}

impl std::fmt::Display for GameLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.id)
    }
}

/// Creates a game from `body` over HTTP, as a new person.
pub async fn create(addr: SocketAddr, body: &str) -> Result<GameLink, PlayerError> {
    create_from(None, addr, body).await.map(|(link, _)| link)
}

/// [`create`], connecting from `from`; also the answer's body (the
/// state, with the `invites` of its invited seats).
pub async fn create_from(
    from: Option<IpAddr>,
    addr: SocketAddr,
    body: &str,
) -> Result<(GameLink, Value), PlayerError> {
    let reply = http::request_from(
        from,
        addr,
        "POST",
        "/api/games",
        Some(body.as_bytes()),
        ANSWER_LIMIT,
    )
    .await?;
    let v = reply.json().unwrap_or(Value::Null);
    let cookie = set_cookie(&reply);
    match (v["id"].as_str(), cookie) {
        (Some(id), Some(cookie)) if reply.ok() => Ok((
            GameLink {
                id: id.to_owned(),
                cookie,
            },
            v,
        )),
        _ => Err(refused(Request::Create, &reply)),
    }
}

/// The first invitation in a new game's answer (its `invites`), if any.
pub fn invitation(state: &Value) -> Option<&str> {
    state["invites"][0]["invite"].as_str()
}

/// Takes the invited seat of game `id` that `invite` names, as a new
/// person connecting from `from`: the link to act in the game as them.
pub async fn join_invite(
    from: Option<IpAddr>,
    addr: SocketAddr,
    id: &str,
    invite: &str,
) -> Result<GameLink, PlayerError> {
    let body = json!({ "invite": invite }).to_string();
    let reply = http::request_from(
        from,
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(body.as_bytes()),
        ANSWER_LIMIT,
    )
    .await?;
    match set_cookie(&reply) {
        Some(cookie) if reply.ok() => Ok(GameLink {
            id: id.to_owned(),
            cookie,
        }),
        _ => Err(refused(Request::Join, &reply)),
    }
}

/// `request`'s answer as a refusal: its status and code.
fn refused(request: Request, reply: &http::Reply) -> PlayerError {
    PlayerError::Refused {
        request,
        status: reply.status,
        code: reply.code().unwrap_or_default(),
    }
}

/// The `name=value` of an answer's `Set-Cookie`.
fn set_cookie(reply: &http::Reply) -> Option<String> {
    reply
        .header("set-cookie")
        .and_then(|c| c.split(';').next())
        .map(str::to_owned)
}

/// What the server answered to a hint.
pub enum HintAnswer {
    /// A hint.
    Given,
    /// An error with this code.
    Refused(String),
}

/// What became of a stroke.
pub enum Stroked {
    /// Played: the milliseconds from sending it until its `stroke` event
    /// came back.
    Played(f64),
    /// Refused by the server (a `storage` error while it is overloaded, a
    /// rate limit…): `code: detail`. The game is unchanged.
    Refused(String),
}

/// Strokes the server refused, with a few of the reasons.
#[derive(Debug, Default, serde::Serialize)]
pub struct Refusals {
    /// How many.
    pub count: usize,
    /// Up to three different reasons (`code: detail`).
    pub examples: Vec<String>,
}

impl Refusals {
    /// Counts one.
    pub fn add(&mut self, why: String) {
        self.count += 1;
        if self.examples.len() < 3 && !self.examples.contains(&why) {
            self.examples.push(why);
        }
    }
}

/// A client of one game over its WebSocket, playing hot-seat.
pub struct Table {
    ws: WebSocketStream<TcpStream>,
    /// The event the game is at.
    pub event: u64,
    /// The seat to play, `None` once the set is over.
    pub seat: Option<Seat>,
}

impl Table {
    /// Connects to `game` at `addr` as its creator, says `hello` and reads
    /// the state.
    pub async fn join(addr: SocketAddr, game: &GameLink) -> Result<Table, PlayerError> {
        Table::join_from(None, addr, game).await
    }

    /// [`Table::join`], connecting from `from`. A link with an empty
    /// cookie opens the socket as a spectator (no cookie sent).
    pub async fn join_from(
        from: Option<IpAddr>,
        addr: SocketAddr,
        game: &GameLink,
    ) -> Result<Table, PlayerError> {
        let mut table = Table::open(from, addr, game).await?;
        table.send(json!({"type": "hello"})).await?;
        loop {
            let v = table.next().await?;
            if v["type"] == "state" {
                table.follow(&v);
                return Ok(table);
            }
        }
    }

    /// Opens the socket again after it dropped, saying `hello` with
    /// `since`, the last event seen: the events missed follow (or a
    /// `state`), to be read with [`Table::next`].
    pub async fn rejoin_from(
        from: Option<IpAddr>,
        addr: SocketAddr,
        game: &GameLink,
        since: u64,
        seat: Option<Seat>,
    ) -> Result<Table, PlayerError> {
        let mut table = Table::open(from, addr, game).await?;
        table.event = since;
        table.seat = seat;
        table.send(json!({"type": "hello", "since": since})).await?;
        Ok(table)
    }

    async fn open(
        from: Option<IpAddr>,
        addr: SocketAddr,
        game: &GameLink,
    ) -> Result<Table, PlayerError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let url = format!("ws://{addr}/api/games/{}/ws", game.id);
        let mut request = url.into_client_request().map_err(PlayerError::Address)?;
        if !game.cookie.is_empty() {
            let cookie = game.cookie.parse().map_err(|_| PlayerError::Cookie)?;
            request.headers_mut().insert("cookie", cookie);
        }
        let open = async {
            let stream = http::connect(addr, from).await?;
            tokio_tungstenite::client_async(request, stream)
                .await
                .map_err(PlayerError::Open)
        };
        let (ws, _) = tokio::time::timeout(ANSWER_LIMIT, open)
            .await
            .map_err(|_| PlayerError::OpenTimeout)??;
        Ok(Table {
            ws,
            event: 0,
            seat: None,
        })
    }

    /// Sends `v` as a text message.
    pub async fn send(&mut self, v: Value) -> Result<(), PlayerError> {
        self.ws
            .send(Message::text(v.to_string()))
            .await
            .map_err(PlayerError::Send)
    }

    /// The next text message, as JSON.
    pub async fn next(&mut self) -> Result<Value, PlayerError> {
        loop {
            let m = tokio::time::timeout(ANSWER_LIMIT, self.ws.next())
                .await
                .map_err(|_| PlayerError::Silent)?;
            match m {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str()).map_err(PlayerError::Json)
                }
                Some(Ok(Message::Close(_))) | None => return Err(PlayerError::Closed),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(PlayerError::Socket(e)),
            }
        }
    }

    /// Takes the event number and the seat to play from an event or a
    /// state message.
    pub fn follow(&mut self, v: &Value) {
        if let Some(e) = v["event"].as_u64() {
            self.event = e;
        }
        self.seat = serde_json::from_value(v["state"]["turn"]["seat"].clone()).ok();
    }

    /// Plays the gentle stroke for the seat to play.
    pub async fn stroke(&mut self) -> Result<Stroked, PlayerError> {
        let seat = self.seat.ok_or(PlayerError::SetOver)?;
        let (striker, direction, speed) = gentle(seat);
        self.stroke_with(seat, striker, direction, speed).await
    }

    /// Plays this stroke from `seat` and waits for its event (or its
    /// refusal), following the events that come before it.
    pub async fn stroke_with(
        &mut self,
        seat: Seat,
        striker: [f64; 2],
        direction: [f64; 2],
        speed: f64,
    ) -> Result<Stroked, PlayerError> {
        let request = json!({"type": "stroke", "event": self.event, "seat": seat,
            "striker": striker, "direction": direction, "speed": speed});
        let t = Instant::now();
        self.send(request).await?;
        let mine = self.event + 1;
        loop {
            let v = self.next().await?;
            match v["type"].as_str() {
                Some("stroke") if v["event"].as_u64() == Some(mine) => {
                    let ms = t.elapsed().as_secs_f64() * 1e3;
                    self.follow(&v);
                    return Ok(Stroked::Played(ms));
                }
                Some("stroke" | "taken_back" | "set_started") => self.follow(&v),
                Some("error") => {
                    return Ok(Stroked::Refused(format!(
                        "{}: {}",
                        v["code"].as_str().unwrap_or("?"),
                        v["detail"].as_str().unwrap_or("")
                    )))
                }
                _ => {}
            }
        }
    }

    /// Asks for a hint at `level`; what came back.
    pub async fn hint(&mut self, level: &str) -> Result<HintAnswer, PlayerError> {
        let event = self.event;
        self.send(json!({"type": "hint", "event": event, "level": level}))
            .await?;
        loop {
            let v = self.next().await?;
            match v["type"].as_str() {
                Some("hint") if v["event"].as_u64() == Some(event) => return Ok(HintAnswer::Given),
                Some("error") => {
                    return Ok(HintAnswer::Refused(
                        v["code"].as_str().unwrap_or("?").to_owned(),
                    ))
                }
                Some("stroke" | "taken_back" | "set_started") => self.follow(&v),
                _ => {}
            }
        }
    }

    /// Plays the gentle stroke, which must be played.
    pub async fn must_stroke(&mut self) -> Result<f64, PlayerError> {
        match self.stroke().await? {
            Stroked::Played(ms) => Ok(ms),
            Stroked::Refused(why) => Err(PlayerError::StrokeRefused(why)),
        }
    }

    /// Closes the connection (best effort).
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
