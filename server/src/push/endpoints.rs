//! Which push endpoints the server may call: https on a public host, so that a
//! subscription cannot point the server at internal addresses.

use std::net::IpAddr;

fn private_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.octets()[0] == 100 && (64..128).contains(&v4.octets()[1])
                || v4.octets()[0] == 0
        }
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || v6.is_unspecified()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| private_ip(IpAddr::V4(v4)))
        }
    }
}

/// Checks a push endpoint: https, a public host (in production mode).
pub fn endpoint_allowed(endpoint: &str, allow_insecure: bool) -> bool {
    let Ok(url) = url::Url::parse(endpoint) else {
        return false;
    };
    if endpoint.len() > 1000 {
        return false;
    }
    if allow_insecure {
        return matches!(url.scheme(), "https" | "http") && url.host().is_some();
    }
    if url.scheme() != "https" || url.username() != "" || url.password().is_some() {
        return false;
    }
    match url.host() {
        Some(url::Host::Domain(d)) => {
            let d = d.to_ascii_lowercase();
            !(d == "localhost"
                || d.ends_with(".localhost")
                || d.ends_with(".local")
                || d.ends_with(".internal"))
        }
        Some(url::Host::Ipv4(ip)) => !private_ip(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => !private_ip(IpAddr::V6(ip)),
        None => false,
    }
}

/// Whether the endpoint's host resolves only to public addresses (checked at send time,
/// since a name may change what it points at after the subscription was accepted).
pub async fn resolves_publicly(endpoint: &str) -> bool {
    let Ok(url) = url::Url::parse(endpoint) else {
        return false;
    };
    let Some(host) = url.host_str() else {
        return false;
    };
    let port = url.port_or_known_default().unwrap_or(443);
    match tokio::net::lookup_host((host.trim_matches(['[', ']']), port)).await {
        Ok(addrs) => {
            let addrs: Vec<_> = addrs.collect();
            !addrs.is_empty() && addrs.iter().all(|a| !private_ip(a.ip()))
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_must_be_public_https() {
        assert!(endpoint_allowed(
            "https://fcm.googleapis.com/fcm/send/abc",
            false
        ));
        assert!(!endpoint_allowed(
            "http://fcm.googleapis.com/fcm/send/abc",
            false
        ));
        assert!(!endpoint_allowed("https://127.0.0.1/x", false));
        assert!(!endpoint_allowed("https://10.1.2.3/x", false));
        assert!(!endpoint_allowed("https://192.168.0.10/x", false));
        assert!(!endpoint_allowed("https://[::1]/x", false));
        assert!(!endpoint_allowed("https://localhost/x", false));
        assert!(!endpoint_allowed("https://169.254.169.254/latest", false));
        assert!(!endpoint_allowed("not a url", false));
        assert!(endpoint_allowed("http://127.0.0.1:9999/x", true));
    }
}
