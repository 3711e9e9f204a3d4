//! The server's resident memory and CPU, read from `/proc` when it runs on
//! this machine: its pid is given (`--server-pid`) or found as the process
//! holding the socket that listens on the server's port.

use std::net::SocketAddr;

/// Clock ticks per second of `/proc/PID/stat`'s times. Linux reports them
/// in USER_HZ, which is 100 on every architecture it runs on today.
const TICKS_PER_S: f64 = 100.0;

/// One reading of a process.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// Resident memory (`VmRSS`), bytes.
    pub rss_bytes: u64,
    /// User and system CPU time since it started, s.
    pub cpu_s: f64,
}

/// Reads process `pid` now; `None` if it is gone or not readable.
pub fn read(pid: u32) -> Option<Reading> {
    let rss_bytes = memory(pid)?.rss_bytes;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    Some(Reading {
        rss_bytes,
        cpu_s: cpu_ticks(&stat)? as f64 / TICKS_PER_S,
    })
}

/// A process's memory, from `/proc/PID/status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Memory {
    /// Resident now (`VmRSS`), bytes.
    pub rss_bytes: u64,
    /// The most it has been resident (`VmHWM`), bytes.
    pub hwm_bytes: u64,
}

/// Reads process `pid`'s memory now; `None` if it is gone or not readable.
pub fn memory(pid: u32) -> Option<Memory> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    Some(Memory {
        rss_bytes: status_bytes(&status, "VmRSS:")?,
        hwm_bytes: status_bytes(&status, "VmHWM:")?,
    })
}

/// A `/proc/PID/status` line's size (given in kB), bytes.
fn status_bytes(status: &str, field: &str) -> Option<u64> {
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// This process's CPU time so far, s.
pub fn own_cpu_s() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    Some(cpu_ticks(&stat)? as f64 / TICKS_PER_S)
}

/// utime + stime of a `/proc/PID/stat` line. The command name (field 2)
/// is in parentheses and may hold spaces, so fields count from its `)`.
fn cpu_ticks(stat: &str) -> Option<u64> {
    let after = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // After the name: state is field 3, utime 14 and stime 15.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// The pid of the process listening on `addr`'s port, if this user may
/// see it: the listening socket's inode from `/proc/net/tcp` (or `tcp6`),
/// then the process whose open files include `socket:[inode]`.
pub fn find_listener(addr: SocketAddr) -> Option<u32> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        if let Ok(text) = std::fs::read_to_string(table) {
            inodes.extend(listening_inodes(&text, addr.port()));
        }
    }
    if inodes.is_empty() {
        return None;
    }
    let wanted: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        // Other users' processes are not readable: skipped.
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(target) = std::fs::read_link(fd.path()) {
                if wanted.iter().any(|w| target.as_os_str() == w.as_str()) {
                    return Some(pid);
                }
            }
        }
    }
    None
}

/// The inodes of the sockets listening (state `0A`) on `port` in a
/// `/proc/net/tcp` table.
fn listening_inodes(table: &str, port: u16) -> Vec<u64> {
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let local_port = f.get(1)?.rsplit(':').next()?;
            let listening = *f.get(3)? == "0A";
            let inode: u64 = f.get(9)?.parse().ok()?;
            (listening && u16::from_str_radix(local_port, 16).ok()? == port).then_some(inode)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_times_are_read_past_a_name_with_spaces() {
        let stat = "1234 (tokio runtime) S 1 1234 1234 0 -1 4194560 500 0 0 0 \
                    250 75 0 0 20 0 9 0 100 123456 789 18446744073709551615";
        assert_eq!(cpu_ticks(stat), Some(325));
    }

    #[test]
    fn the_listening_socket_of_a_port_is_found() {
        let table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n\
           0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 55501 1 0 100 0 0 10 0\n\
           1: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000  1000        0 55502 1 0 20 4 30 10 -1\n\
           2: 0100007F:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 55503 1 0 100 0 0 10 0\n";
        assert_eq!(listening_inodes(table, 8080), vec![55501]);
        assert_eq!(listening_inodes(table, 80), vec![55503]);
        assert!(listening_inodes(table, 81).is_empty());
    }

    #[test]
    fn this_process_can_be_read() {
        let me = read(std::process::id()).expect("our own /proc entry");
        assert!(me.rss_bytes > 0);
        assert!(own_cpu_s().is_some());
        let m = memory(std::process::id()).expect("our own /proc entry");
        assert!(0 < m.rss_bytes && m.rss_bytes <= m.hwm_bytes, "{m:?}");
    }

    #[test]
    fn status_sizes_are_read_in_bytes() {
        let status = "Name:\tnovuss\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n";
        assert_eq!(status_bytes(status, "VmRSS:"), Some(100 << 20));
        assert_eq!(status_bytes(status, "VmHWM:"), Some(200 << 20));
        assert_eq!(status_bytes(status, "VmSwap:"), None);
    }
}
