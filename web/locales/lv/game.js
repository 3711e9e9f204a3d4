// The Latvian words of the game page: the same ids as locales/en/game.js.
//
// Written for Latvian novuss players, in the federation's own words.
// Sources read for the terms:
//   https://www.novuss-sport.org/lv/noteikumi/  (LNF rules, 2017: kauliņš, ripa,
//     kija, maisiņš, "iesist maisiņā", apmales zona, tumšais laukums, gaišais /
//     tumšais kauliņš, tiešais / atsitiena sitiens, soda kauliņš "izliek" and
//     "uzliek uz apmales zonas viduslīnijas", "zaudē sitiena tiesības",
//     "turpina sitienu sēriju", "pārkāpums", "ripa pārlec pāri galda apmalei")
//   https://www.novuss-sport.org/lv/sacensibas/  (vienspēle, dubultspēle,
//     "setā uzvar", "setu pārspēlē", "sitienu sērija tiek pārtraukta")
//   https://www.lielaskokaspeles.lv/product-page/novuss-apa%C4%BCais  (a club
//     summary of the rules: vidusaplis / "vidusaplī", sānu apmale, pretējā
//     apmale, apmales zonas līnija, "sitiens pareizs"; "divatā (vienspēle) vai
//     četratā (dubultspēle)")
//   http://www.mininovus.com/lav/a/mini-novusa-speles-noteikumi  ("sitiena
//     tiesības pāriet pie nākošā spēlētāja")
//   Tournament rules ("nolikums ... novusā"): novuss-lnf.lv/events/110, /117,
//     /197; neretasnovads.lv/?p=17384; vilani.lv ("spēle ilgst 3 setus",
//     "pāris" for a doubles team, "neizšķirts").
//   web/pages-text.js (the other pages' Latvian: "Lejupielādēt ierakstu",
//     "Atkārtojums", "Spēles"), kept the same here.
// Terms I was unsure of, and why:
//   - "Parādā" (penalty discs owed, 000 3.2, 002 5.3–5.4): the Latvian rules
//     found do not name the debt; "soda kauliņš paliek parādā" is my wording.
//   - "Mērķēšanas līnija" (aim guide), "Padoms" (hint), "Atsaukt" (take back),
//     "Pie viena ekrāna" (hot-seat), "Draudzīga spēle" (casual), "Bez skaņas"
//     (mute): game-software words with no federation usage; plain Latvian.
//   - Computer levels "Iesācējs, Klubu spēlētājs, Eksperts, Meistars";
//     "Alkatīgais" for greedy follows the computing term "alkatīgais algoritms".
//   - Sets: Latvian tournaments say "spēle ilgst 3 setus" for a fixed number of
//     sets, all played; a best-of match is written "3 seti (līdz 2 uzvarām)".
//   - The four-player game is "četru spēlētāju spēle", never "četratā", which
//     Latvian texts use for doubles.
//   - Side names are the plural nouns "Sarkanie, Melnie, Baltie, Zaļie" (as
//     "baltie" and "melnie" in board games); sentences that count or name
//     discs are shaped "Sarkanie – 2 kauliņi", "kauliņš Nr. 3 (Sarkanie)" so
//     no adjective has to agree with "kauliņš".
//   - Seats "Dienvidi, Austrumi, Ziemeļi, Rietumi" as in bridge; cushions and
//     zones take the genitive ("no dienvidu apmales", "dienvidu apmales zonā").
//   - "Blind zone" (000) is the federation's "tumšais laukums"; "driven into"
//     it is "aizsists"; "house rule" is "šīs programmas papildnoteikums";
//     "cut" (target.done) is "trāpījuma leņķis"; clock directions are
//     "pulksten 2 virzienā".
//   - The player is addressed with "jūs" (polite plural), as Latvian software
//     does; sentences about a named player use the 3rd person, which Latvian
//     does not inflect for gender or number ("{name} uzvar", "{name} domā").

export const lv = {
  // Page and start screen
  'app.title': 'Novuss',
  'app.tagline': 'Latviešu galda spēle',
  'start.heading': 'Jauna spēle',
  'start.opponents': 'Pretinieki',
  'start.vs_computer': 'Pret datoru',
  'start.hot_seat': 'Pie viena ekrāna (visi spēlē šeit)',
  'start.level': 'Datora līmenis',
  'start.format': 'Spēles veids',
  'start.sets': 'Setu skaits',
  'start.profile': 'Noteikumi',
  'start.players': 'Spēlētāji',
  'start.casual': 'Draudzīga spēle: sitienus drīkst atsaukt',
  'start.start': 'Sākt',
  'start.recent': 'Turpināt spēli',
  'start.recent_line': '{players} — {format}, {profile}, seti {score} ({when})',
  'start.cancel': 'Atpakaļ pie galda',
  'start.player_name': '{n}. spēlētāja vārds',
  'start.human': 'Cilvēks',
  'start.computer_level': 'Dators: {level}',
  'start.you': 'Jūs',
  'start.player_n': '{n}. spēlētājs',
  'start.team': '{team}. pāris',
  'start.seat_label': '{seat}',
  'start.loading': 'Ielādē…',
  'start.starting': 'Sagatavo galdu…',

  'format.singles': 'Vienspēle (1 pret 1)',
  'format.doubles': 'Dubultspēle (2 pret 2)',
  'format.four_player': 'Četri spēlētāji (katrs par sevi)',
  'format.short.singles': 'Vienspēle',
  'format.short.doubles': 'Dubultspēle',
  'format.short.four_player': 'Četri spēlētāji',
  'sets.1': 'Viens sets',
  'sets.3': '3 seti (līdz 2 uzvarām)',
  'sets.5': '5 seti (līdz 3 uzvarām)',
  'sets.n': '{n} seti (uzvar vairākumā)',
  'profile.lnf-2017': 'LNF 2017 (Latvija)',
  'profile.australia-1992': 'Austrālija 1992',
  'profile.koroona': 'Koroona (Francija)',
  'level.beginner': 'Iesācējs',
  'level.club': 'Kluba spēlētājs',
  'level.expert': 'Eksperts',
  'level.master': 'Meistars',
  'level.greedy': 'Alkatīgais (tikai ģeometrija)',
  'computer.name': 'Dators ({level})',
  'computer.name_n': 'Dators {n} ({level})',

  'seat.south': 'Dienvidi',
  'seat.east': 'Austrumi',
  'seat.north': 'Ziemeļi',
  'seat.west': 'Rietumi',
  'cushion.south': 'dienvidu',
  'cushion.east': 'austrumu',
  'cushion.north': 'ziemeļu',
  'cushion.west': 'rietumu',
  'pocket.south_west': 'dienvidrietumu maisiņš',
  'pocket.south_east': 'dienvidaustrumu maisiņš',
  'pocket.north_east': 'ziemeļaustrumu maisiņš',
  'pocket.north_west': 'ziemeļrietumu maisiņš',
  'side.0': 'Sarkanie',
  'side.1': 'Melnie',
  'side.2': 'Baltie',
  'side.3': 'Zaļie',
  'side.mark.0': 'bez zīmes',
  'side.mark.1': 'ar iekšēju apli',
  'side.mark.2': 'ar četriem punktiem',
  'side.mark.3': 'ar krustu',

  // Header and controls
  'btn.new_game': 'Jauna spēle',
  'btn.take_back': 'Atsaukt sitienu',
  'btn.hint': 'Padoms',
  'btn.use_hint': 'Izmantot',
  'btn.next_set': 'Nākamais sets',
  'btn.strike': 'Sist',
  'btn.skip': 'Izlaist',
  'btn.help': 'Vadība',
  'btn.view.south': 'Skats: pirmā spēlētāja puse',
  'btn.view.mover': 'Skats: sitēja puse',
  'btn.speed': 'Animācija ×{rate}',
  'btn.pace.normal': 'Dators: parasts temps',
  'btn.pace.fast': 'Dators: ātri',
  'btn.guide': 'Mērķēšanas līnija',
  'btn.close': 'Aizvērt',
  'power.label': 'Spēks',
  'power.value': '{speed} m/s',

  // Panel
  'panel.match': 'Spēle',
  'panel.turn': 'Sitiena tiesības',
  'panel.sides': 'Kauliņi',
  'panel.verdict': 'Pēdējais sitiens',
  'panel.log': 'Šīs spēles sitieni',
  'panel.legend': 'Ko nozīmē apzīmējumi',
  'panel.col.side': 'Puse',
  'panel.col.on_table': 'Uz galda',
  'panel.col.pocketed': 'Iesisti',
  'panel.col.debt': 'Parādā',
  'panel.set_of': '{n}. sets',
  'panel.score': 'Uzvarētie seti',
  'panel.turn_line': '{name} ({seat})',
  'panel.turn_none': 'Nevienam: sets ir beidzies',
  'panel.you_play': 'jūsu sitiens',
  'panel.no_verdict': 'Šajā setā vēl nav bijis neviena sitiena.',
  'panel.team': '{a} un {b}',
  'panel.needed': 'līdz {n} uzvarām',
  'panel.casual': 'sitienus var atsaukt',
  'panel.strict': 'bez atsaukšanas',
  'legend.dark': 'Ar svītrām: tā spēlētāja tumšais kauliņš, kuram ir sitiena tiesības. To nedrīkst sist ar tiešu sitienu, tikai ar atsitiena sitienu (000 1.17–1.18; 001 "Direct strokes").',
  'legend.penalty': 'Zelta gredzens: soda kauliņš (000 3.1–3.4).',
  'legend.region': 'Iekrāsotā josla: apmales zona, kurā drīkst novietot ripu (000 1.6–1.7).',
  'legend.light': 'Bez svītrām: gaišais kauliņš, ko drīkst sist ar tiešu sitienu (000 1.17).',
  'legend.guide': 'Mērķēšanas līnija: raustītā līnija ir ripas ceļš līdz pirmajam, ko tā skars; bultas rāda, kur abi virzīsies pēc tam. Zaļa: savs kauliņš; oranža: citas puses kauliņš, ko nekad nedrīkst skart pirmo; sarkana: ripu tur novietot vai tā mērķēt nedrīkst.',
  'legend.shapes': 'Bez krāsām: mērķēšanas līnijas bulta uz savu kauliņu ir nepārtraukta, uz citas puses kauliņu – raustīta; ap ripu, ko tur novietot nedrīkst, ir gredzens, un rinda zem galda paskaidro, kāpēc.',
  'legend.sides': 'Puses: {list}.',

  // Status lines
  'status.connecting': 'Savienojas…',
  'status.reconnecting': 'Savienojums pārtrūka: savienojas no jauna…',
  'status.thinking': '{name} domā…',
  'status.computer_turn': '{name} gatavojas sitienam…',
  'status.your_turn': 'Sitiena tiesības: {name}, no {cushion} apmales.',
  'status.your_turn_you': 'Jūsu sitiens no {cushion} apmales.',
  'status.animating': 'Kauliņi kustas…',
  'status.missed': 'Skatīt {n} uzreiz parādītos sitienus',
  'anim.computer_aims': 'Dators tēmē',
  'status.waiting': 'Sitiens nosūtīts…',
  'status.hint_wait': 'Meklē labu sitienu…',
  'status.between_sets': '{n}. sets ir beidzies.',
  'status.over': 'Spēle ir beigusies.',
  'status.illegal_place': 'Ripu tur nedrīkst novietot: tās caurumam jābūt jūsu apmales zonā, un tajā nedrīkst būt redzamas zonas līnijas (000 1.6).',
  'status.illegal_touch': 'Ripu tur nedrīkst novietot: tā skartu kauliņu (000 1.7, 1.14).',
  'status.illegal_aim': 'Tā mērķēt nedrīkst: kijai jābūt vērstai prom no jūsu apmales, starp abiem tās stūriem (000 1.15).',
  'status.no_power': 'Vispirms atvelciet kiju vai iestatiet sitiena spēku.',
  'status.pull_too_short': 'Kija atvilkta par maz: nekas netika nospēlēts. Atvelciet kiju tālāk.',
  'status.taken_back': 'Atsaukti sitieni: {n}.',
  'status.set_started': 'Sākas {n}. sets.',

  // Stroke summaries
  'verdict.by': '{name}, {seat}',
  'verdict.computer': 'dators',
  'verdict.pocketed': 'Iekrita maisiņos: {list}.',
  'discs.one': '{side} – 1 kauliņš',
  'discs.many': '{side} – {n} kauliņi',
  'verdict.pocketed_none': 'Maisiņos nekas neiekrita.',
  'verdict.jumped': 'Par ātru: {what} pārlēca pāri caurumam ({pocket}) un neiekrita.',
  'verdict.jumped_striker': 'Ripa',
  'verdict.disc_of': 'kauliņš ({side})',
  'verdict.next': 'Sitiena tiesības: {name} ({seat}).',
  'verdict.again': '{name} turpina sitienu sēriju.',
  'verdict.rules': 'Noteikumi:',
  'verdict.speed': '{speed} m/s',

  // Results
  'result.won': '{name} uzvar {n}. setā.',
  'result.drawn': '{n}. sets beidzas neizšķirti.',
  'result.replay': '{n}. setu pārspēlē.',
  'match.won': '{name} uzvar spēlē ar {score}.',
  'match.over': 'Spēle ir beigusies.',
  'match.score': '{score}',

  // Hints
  'hint.title': 'Ieteiktais sitiens',
  'hint.line': '{speed} m/s · iesitiena iespēja {pot}% · pārkāpuma risks {foul}%',
  'hint.target': 'mērķis – kauliņš Nr. {disc}, {pocket}',
  'hint.none': 'Ieteikuma nav.',
  'hint.label': 'Padoms · iesitiens {pot}%',

  // Rule books (shared/seeds), for the references under each verdict
  'doc.000': 'Novuss: spēles rokasgrāmata (Austrālija, 1992; angļu valodā)',
  'doc.001': 'Novusa spēles noteikumi, Latvijas Novusa federācija (2017)',
  'doc.002': 'Novusa noteikumi (tulkojums angļu valodā)',
  'doc.003': 'Le jeu de koroona (franču valodā)',

  // Errors (docs/protocol.md "Errors"), worded for the player
  'error.bad_message': 'Serveris nesaprata pieprasījumu.',
  'error.too_large': 'Pieprasījums bija pārāk liels.',
  'error.not_finite': 'Sitienā bija neiespējams skaitlis.',
  'error.bad_record': 'Šis fails nav spēles ieraksts, ko serveris spēj nolasīt.',
  'error.record_diverges': 'Šis ieraksts šeit neatkārtojas tieši tāpat: tā sitieni vai kauliņu stāvokļi atšķiras.',
  'error.unsupported_record': 'Ieraksts ir derīgs, taču šis serveris to nevar glabāt kā spēli.',
  'error.rate_limited': 'Pārāk daudz jaunu spēļu no šīs adreses īsā laikā: pagaidiet minūti un mēģiniet vēlreiz.',
  'error.bad_setup': 'Tādu spēli nevar izveidot.',
  'error.unknown_game': 'Tādas spēles nav. Sāciet jaunu.',
  'error.stale': 'Spēle jau bija gājusi tālāk; galds tagad ir atjaunināts. Mēģiniet vēlreiz.',
  'error.not_your_turn': 'Šim spēlētājam nav sitiena tiesību.',
  'error.computer_seat': 'Sitiena tiesības ir datoram.',
  'error.set_over': 'Sets ir beidzies: līdz nākamajam setam sist nevar.',
  'error.placement': 'Ripu tur nedrīkst novietot (000 1.6–1.7).',
  'error.striker_touches': 'Ripa skartu kauliņu (000 1.14).',
  'error.aim': 'Tā mērķēt nedrīkst (000 1.15).',
  'error.speed': 'Ātrumam jābūt lielākam par 0 un ne lielākam par šī galda robežu.',
  'error.not_casual': 'Šī nav draudzīga spēle: sitienus atsaukt nevar.',
  'error.nothing_to_take_back': 'Nav neviena sitiena, ko atsaukt.',
  'error.not_between_sets': 'Nākamo setu tagad sākt nevar.',
  'error.match_over': 'Spēle ir beigusies.',
  'error.storage': 'Serveris to nevarēja saglabāt. Nekas nav mainījies; mēģiniet vēlreiz.',
  'error.busy': 'Serveris ir aizņemts ar citiem pieprasījumiem: pajautājiet vēlreiz pēc brīža.',
  'error.damaged': 'Šīs spēles saglabātie dati ir bojāti un nav nolasāmi. Citas spēles tas neskar.',
  'error.other_physics': 'Šis ieraksts spēlēts ar citu fiziku, nevis šī servera.',
  'error.no_such_path': 'Serveris šādu pieprasījumu nepazīst.',
  'error.internal': 'Serverī radās kļūda. Spēle nav mainījusies; mēģiniet vēlreiz.',
  'error.network': 'Nevar sazināties ar serveri.',
  'error.not_connected': 'Nav savienojuma ar spēli; savienojas no jauna…',
  'error.unknown': 'Kaut kas nogāja greizi ({code}).',

  // Fouls (FoulKind)
  'foul.striker_pocketed': 'Pārkāpums: ripa iekrita maisiņā.',
  'foul.striker_off_table': 'Pārkāpums: ripa pārlēca pāri galda apmalei.',
  'foul.direct_touched_nothing': 'Pārkāpums: tiešais sitiens neskāra nevienu kauliņu, lai gan spēlētājam bija gaišie kauliņi.',
  'foul.direct_opponent_first': 'Pārkāpums: pēc tieša sitiena ripa vispirms skāra pretinieka kauliņu (vai vienlaikus savu un pretinieka kauliņu).',
  'foul.direct_own_dark': 'Pārkāpums: ar tiešu sitienu sists savs tumšais kauliņš; to noliek atpakaļ iepriekšējā vietā.',
  'foul.rebound_opponent_first': 'Pārkāpums: pēc atsitiena ripa vispirms skāra pretinieka kauliņu, lai gan spēlētājam bija gaišie kauliņi.',
  'foul.rebound_dark_without_opposite_cushion': 'Pārkāpums: ripa skāra tumšo kauliņu apmales zonā, pirms tam neskarot pretējo apmali.',
  'foul.rebound_touched_nothing': 'Pārkāpums: atsitiena sitiens neskāra nevienu kauliņu, lai gan spēlētājam bija gaišie kauliņi.',
  'foul.dark_only_missed_cushion': 'Pārkāpums: ja bija palikuši tikai tumšie kauliņi, ripai vispirms bija jāskar pretējā apmale (vai sānu apmale un pēc tam savs kauliņš vidusaplī).',
  'foul.blind_drive': 'Pārkāpums: pretinieka kauliņš aizsists viņa tumšajā laukumā.',
  'foul.out_of_blind': 'Pārkāpums: ar tiešu sitienu pretinieka kauliņš izsists no viņa tumšā laukuma; tas paliek, kur apstājies.',
  'foul.opponent_off_table': 'Pārkāpums: pretinieka kauliņš izsists pāri galda apmalei.',
  'foul.touched_moving_striker': 'Pārkāpums: spēlētājs pieskārās ripai, kamēr kauliņi vēl kustējās.',
  'foul.dislodged_disc': 'Pārkāpums: spēlētājs pakustināja kauliņus ar roku vai kiju; tos noliek atpakaļ.',
  'foul.refused_stroke': 'Pārkāpums: spēlētājs atteicās sist.',
  'foul.double_stroke': 'Pārkāpums: kija pagrūda ripu divreiz; pakustinātos kauliņus noliek atpakaļ.',

  // Why the turn passes (TurnEnds)
  'turn_ends.no_own_disc': 'Netika iesists neviens savs kauliņš: spēlētājs zaudē sitiena tiesības.',
  'turn_ends.opponent_disc': 'Maisiņā iekrita pretinieka kauliņš: spēlētājs zaudē sitiena tiesības.',
  'turn_ends.disc_left_table': 'Kauliņš pārlēca pāri galda apmalei: spēlētājs zaudē sitiena tiesības.',
  'turn_ends.striker_returned': 'Ripa atslīdēja atpakaļ pāri spēlētāja apmales zonas līnijai (un nebija tumšā kauliņa, ko sist): spēlētājs zaudē sitiena tiesības.',
  'turn_ends.foul': 'Par pārkāpumu spēlētājs zaudē sitiena tiesības.',

  // How a set is won (WinReason)
  'win.pocketed_all': 'Visi šīs puses kauliņi ir iesisti maisiņos: tā uzvar setā.',
  'win.no_discs_left': 'Šai pusei uz galda vairs nav neviena kauliņa: tā uzvar setā.',
  'win.cleared_in_opening_turn': 'Pretinieks ar savu sitienu sēriju neiesita visus kauliņus, tāpēc uzvar puse, kas tos visus iesita pirmajā sitienu sērijā.',
  'win.opponent_last_disc_with_foul': 'Pretinieks pēdējo kauliņu iesita ar pārkāpumu un zaudē setu.',
  'win.opponent_several_restored': 'Pretiniekam pēc viena pārkāpuma atpakaļ bija jānoliek vairāki kauliņi, un viņš zaudē setu.',
  'win.opponent_out_of_turn': 'Pretinieks sita ne savā kārtā un zaudē setu.',
  'win.opponent_forfeited': 'Organizators pretiniekam piešķīra zaudējumu.',

  // Why a set is replayed (ReplayReason)
  'replay.first_turn_clears': 'Abas puses pirmajā sitienu sērijā iesita visus kauliņus: setu pārspēlē.',
  'replay.both_last_discs': 'Abu pušu pēdējie kauliņi iekrita ar vienu pareizu sitienu: setu pārspēlē.',
  'replay.blind_misses': 'Abi spēlētāji trīs reizes netrāpīja pa saviem tumšajiem kauliņiem: setu pārspēlē.',
  'replay.interference': 'Ārēja iejaukšanās izkustināja kauliņus: setu pārspēlē.',

  // The other decisions (Reason)
  'reason.all_moved_restored': 'Visus kauliņus, ko pakustināja nepareizais sitiens, noliek atpakaļ iepriekšējās vietās.',
  'reason.restored': 'Kauliņus, kas pakustināti pret noteikumiem, noliek atpakaļ iepriekšējās vietās.',
  'reason.off_table_placed': 'Kauliņus, kas pārlēca pāri apmalei, noliek vidusaplī.',
  'reason.several_restored': 'Pēc viena pārkāpuma atpakaļ bija jānoliek {count} kauliņi: sets ir zaudēts.',
  'reason.series_continues': 'Savs kauliņš iekrita ar pareizu sitienu: tas pats spēlētājs turpina sitienu sēriju.',
  'reason.penalty_owed': 'Viens soda kauliņš paliek parādā, līdz kāds no šīs puses kauliņiem būs iesists maisiņā.',
  'reason.penalty_placed': 'Vienu soda kauliņu uzliek uz galda: uz apmales zonas viduslīnijas, pie apmales pretī spēlētājam.',
  'reason.doubles_penalty_waits': 'Dubultspēlē soda kauliņu uzliek tikai tad, kad kauliņu sākuma rinda pie tās apmales ir izjaukta.',
  'reason.debt_paid': 'Sitienu sērija beigusies: parādā esošos soda kauliņus uzliek uz galda.',
  'reason.debt_paid_no_discs_left': 'Šai pusei uz galda vairs nav neviena kauliņa, bet tai ir parādā soda kauliņi: tos uzliek tagad.',
  'reason.last_disc_with_foul': 'Pēdējais kauliņš iekrita ar pārkāpumu: sets ir zaudēts.',
  'reason.four_player_no_loss': 'Četru spēlētāju spēlē pārkāpuma dēļ sets nav zaudēts; soda kauliņš paliek uz galda.',
  'reason.out_of_turn_penalty': 'Četru spēlētāju spēlē par sišanu ne savā kārtā izliek soda kauliņu (šīs programmas papildnoteikums).',
  'reason.out_of_turn_forfeits': 'Par sišanu ne savā kārtā sets ir zaudēts.',
  'reason.both_last_discs': 'Abu pušu pēdējie kauliņi iekrita ar vienu pareizu sitienu.',
  'reason.opening_cleared': 'Pirmajā sitienu sērijā iesisti visi kauliņi: pretinieks drīkst atbildēt ar vienu sitienu sēriju.',
  'reason.interference_stroke_again': 'Ārēja iejaukšanās izjauca sitienu: to izdara vēlreiz.',
  'reason.warning': 'Brīdinājums: {note}',
  'reason.forfeit': 'Sets ir zaudēts: {note}',
  'reason.unknown': 'Tiesneša lēmums: {reason}.',

  // Page header and links (issue 10)
  'a11y.skip': 'Pāriet uz galdu',
  'nav.label': 'Lapas',
  'nav.games': 'Spēles',
  'nav.rules': 'Noteikumi',
  'game.record': 'Lejupielādēt ierakstu',
  'game.replay': 'Skatīt atkārtojumu',
  'verdict.rule_link': 'Ko par to saka noteikumi',
  'btn.mute': 'Bez skaņas',
  'btn.mute_keys': 'Izslēgt vai ieslēgt skaņu (M)',
  'sound.off': 'Skaņa izslēgta.',
  'sound.on': 'Skaņa ieslēgta.',

  // The table for a screen reader (describe.js): pulksten 12 is the far
  // cushion as seen from the seat at the bottom of the screen.
  'canvas.label': 'Novusa galds. {turn} Kauliņi uz galda: {sides}.',
  'canvas.keys': 'Bultiņu taustiņi: novietot ripu un mērķēt; Enter: sist; atstarpes taustiņš (turot): atvilkt kiju; T: mērķēt uz kauliņu pēc numura; I: galda apraksts.',
  'btn.describe': 'Aprakstīt galdu',
  'describe.title': 'Galda apraksts',
  'describe.how': 'Virzieni ir pulksteņa stundas no galda centra, skatoties no {seat} apmales: pulksten 12 ir {far} apmales virzienā, pulksten 6 – {seat} apmales virzienā.',
  'describe.turn': 'Sitiena tiesības: {name}, no {seat} apmales; kauliņi – {side} ({mark}).',
  'describe.side_short': '{side} – {n}',
  'describe.side': '{side} ({mark}), {names}: uz galda {on_table}, iesisti {pocketed}.',
  'describe.side_debt': '{side} ({mark}), {names}: uz galda {on_table}, iesisti {pocketed}; soda kauliņi parādā: {debt}.',
  'describe.disc': 'Nr. {n}: {where}{notes}.',
  'describe.disc_n': 'Nr. {n}',
  'describe.disc_name': 'kauliņš Nr. {n} ({side})',
  'describe.where': '{zone}, pulksten {hour} virzienā, {cm} cm no centra',
  'describe.where_short': 'pulksten {hour}, {zone}',
  'describe.where_centre': '{zone}, pašā centrā',
  'describe.note_dark': 'tumšais: to var izsist tikai ar atsitienu',
  'describe.note_penalty': 'soda kauliņš',
  'describe.pocketed_list': 'Iesisti: {list}.',
  'describe.dark': 'Tumšie kauliņi spēlētājam, kuram ir sitiena tiesības (tos var izsist tikai ar atsitienu): {list}.',
  'describe.dark_none': 'Spēlētājam, kuram ir sitiena tiesības, nav tumšo kauliņu: visus savus kauliņus drīkst sist ar tiešu sitienu.',
  'zone.circle': 'vidusaplī',
  'zone.edge.south': 'dienvidu apmales zonā',
  'zone.edge.east': 'austrumu apmales zonā',
  'zone.edge.north': 'ziemeļu apmales zonā',
  'zone.edge.west': 'rietumu apmales zonā',
  'zone.corner.south_west': 'dienvidrietumu stūrī pie maisiņa',
  'zone.corner.south_east': 'dienvidaustrumu stūrī pie maisiņa',
  'zone.corner.north_east': 'ziemeļaustrumu stūrī pie maisiņa',
  'zone.corner.north_west': 'ziemeļrietumu stūrī pie maisiņa',
  'zone.half.south': 'dienvidu pusē',
  'zone.half.east': 'austrumu pusē',
  'zone.half.north': 'ziemeļu pusē',
  'zone.half.west': 'rietumu pusē',

  // Aiming at a named disc (target.js)
  'btn.target': 'Mērķēt uz kauliņu',
  'target.title': 'Mērķēt uz kauliņu pēc numura',
  'target.disc': 'Kauliņš',
  'target.pocket': 'Maisiņš',
  'target.easiest': 'vieglākais maisiņš',
  'target.apply': 'Novietot un mērķēt',
  'target.option': 'Nr. {n}: {where}',
  'target.option_dark': 'Nr. {n}: {where} (tumšais: tikai ar atsitienu)',
  'target.none_own': 'Uz galda nav neviena jūsu kauliņa.',
  'target.not_now': 'Mērķēt uz kauliņu var tad, kad sitiena tiesības ir cilvēkam, nevis datoram.',
  'target.done': 'Ripa novietota un mērķēta: kauliņš Nr. {n}, mērķis – {pocket}, trāpījuma leņķis {cut}°, {speed} m/s. Enter – sist; ar bultiņu taustiņiem vēl var precizēt.',
  'target.warn.path': 'Starp kauliņu un maisiņu ir cits kauliņš.',
  'target.warn.scratch': 'Ripa var tam sekot un iekrist maisiņā.',
  'target.warn.speed': 'Pat ar visstiprāko sitienu kauliņš var neaizslīdēt līdz maisiņam.',
  'target.why.dark': 'Kauliņš Nr. {n} ir tumšais: to nedrīkst sist ar tiešu sitienu, tikai izsist ar atsitienu (001 "Direct strokes"; 000 2.1–2.3). Tiešs sitiens netiek piedāvāts.',
  'target.why.gone': 'Kauliņa Nr. {n} nav uz galda.',
  'target.why.not_own': 'Kauliņš Nr. {n} nav jūsu: citas puses kauliņu nekad nedrīkst skart pirmo.',
  'target.why.cushion': 'Kauliņš Nr. {n} atrodas pārāk tuvu apmalei: ripa nevar trāpīt pa to no aizmugures (mērķis – {pocket}).',
  'target.why.behind': 'Lai iesistu kauliņu Nr. {n} (mērķis – {pocket}), ripai pa to jātrāpa no aizmugures, bet no jūsu apmales zonas tas nav iespējams (000 1.6, 1.15): vajag atsitiena sitienu.',
  'target.why.blocked': 'Visus taisnos ceļus no jūsu apmales zonas līdz kauliņam Nr. {n} (mērķis – {pocket}) aizsedz citi kauliņi.',
  'target.why.none': 'Neviens tiešs sitiens no jūsu apmales zonas neiesit kauliņu Nr. {n} nevienā maisiņā: vajag atsitiena sitienu.',
  'target.why.turn': 'Mērķēt uz kauliņu var tad, kad sitiena tiesības ir cilvēkam, nevis datoram.',
  'legend.numbers': 'Numuri: kamēr „Mērķēt uz kauliņu“ ir atvērts, uz tā spēlētāja kauliņiem, kuram ir sitiena tiesības, redzami numuri (katrai pusei 1–8; ar tiem kauliņus sauc arī galda aprakstā).',

  // Keyboard help
  'keys.title': 'Tastatūra',
  'keys.move': '← → pārvieto ripu gar savu apmali (ar Shift – precīzāk)',
  'keys.depth': 'W S (vai PageUp PageDown) pārvieto to tuvāk savai apmalei vai tālāk no tās',
  'keys.aim': '↑ ↓ (vai A D) groza mērķi pa kreisi / pa labi (ar Shift – precīzāk)',
  'keys.power': '+ − maina spēku par 0,1 m/s; 1…9 un 0 iestata to uz 10…100 %',
  'keys.charge': 'Turiet atstarpes taustiņu, lai atvilktu kiju; atlaidiet, lai sistu',
  'keys.strike': 'Enter: sist ar parādīto spēku',
  'keys.other': 'H padoms · G mērķēšanas līnija · V skats · R ripa sākuma vietā · U atsaukt · N nākamais sets · Esc atcelt',
  'keys.access': 'T mērķēt uz kauliņu pēc numura · I galda apraksts · M izslēgt / ieslēgt skaņu · Tab iziet no galda',
  'mouse.title': 'Pele un skāriens',
  'mouse.place': 'Velciet ripu, lai to novietotu.',
  'mouse.aim': 'Lai mērķētu, norādiet (vai velciet) ripas priekšā.',
  'mouse.pull': 'Nospiediet aiz ripas, atvelciet un atlaidiet, lai sistu.',
  'mouse.touch': 'Skārienekrānā: lai pārvietotu ripu, pieskarieties tās priekšējai pusei; lai sistu, pieskarieties tās aizmugurējai pusei vai jebkur aiz tās un atvelciet.',
  'mouse.wheel': 'Peles ritenis virs galda smalki groza mērķi (ar Shift – vēl smalkāk).',
};
