//! What uploads may store: the quota in force, and each address's budget
//! under it. A leaf of the hub: the upload request (`requests.rs`) spends
//! it.

use std::sync::Arc;

/// What uploads may store: per address an hour, and per person in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UploadQuota {
    /// KiB one address may store an hour (all of it at once, after a
    /// quiet hour).
    pub kib_per_hour: u32,
    /// KiB one person's uploads may store in all.
    pub kib_per_person: u32,
}

impl Default for UploadQuota {
    /// 32 MiB an hour per address, 64 MiB per person. The longest real
    /// match stores well under a megabyte once its motions are left out;
    /// a flood of the largest records that replay stops after a few
    /// dozen.
    fn default() -> UploadQuota {
        UploadQuota {
            kib_per_hour: 32 * 1024,
            kib_per_person: 64 * 1024,
        }
    }
}

/// The uploads' quota in force, and each address's budget under it.
pub(super) struct Uploads {
    pub(super) quota: UploadQuota,
    pub(super) budget: Arc<crate::limits::Limiter>,
}

impl Uploads {
    pub(super) fn new(quota: UploadQuota) -> Uploads {
        let rate = crate::limits::Rate {
            per_minute: (quota.kib_per_hour / 60).max(1),
            burst: quota.kib_per_hour.max(1),
        };
        Uploads {
            quota,
            budget: Arc::new(crate::limits::Limiter::new(rate)),
        }
    }
}
