"""Chromium driven over its DevTools pipe (--remote-debugging-pipe: JSON messages ending in NUL,
read on fd 3, written on fd 4): real frames, scroll events and clocks, which --virtual-time-budget
pauses. Pages are flat sessions; `call` sends to `session` (by default the first page attached)."""
import json
import os
import subprocess


class DevTools:
    def __init__(self, chromium, flags, profile, window, page=True):
        to_chromium, self.outgoing = os.pipe()
        self.incoming, from_chromium = os.pipe()

        def descriptors():
            os.dup2(to_chromium, 3)
            os.dup2(from_chromium, 4)
        self.process = subprocess.Popen([chromium] + flags + ["--remote-debugging-pipe", "--window-size=%d,%d" % window,
                                                              "--user-data-dir=" + str(profile), "about:blank"],
                                        pass_fds=(3, 4), preexec_fn=descriptors,  # kept open once the pipes are there
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chromium)
        os.close(from_chromium)
        self.buffer, self.next, self.session = b"", 0, None
        if page:
            self.session = self.attach()[1]

    def attach(self, url="about:blank", new_window=False):
        """A new page: its target and its session."""
        target = self.call("Target.createTarget", url=url, newWindow=new_window)["targetId"]
        return target, self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method, session=None, **params):
        self.next += 1
        message = {"id": self.next, "method": method, "params": params}
        if (session or self.session) and not method.startswith("Target."):
            message["sessionId"] = session or self.session
        os.write(self.outgoing, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.incoming, 1 << 20)
                if not chunk:
                    raise SystemExit("chromium closed its DevTools pipe")
                self.buffer += chunk
            text, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(text)
            if reply.get("id") == self.next:
                if "error" in reply:
                    raise SystemExit("DevTools %s: %s" % (method, reply["error"]))
                return reply["result"]

    def evaluate(self, expression, session=None):
        result = self.call("Runtime.evaluate", session, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise SystemExit("in the page: %s" % json.dumps(result["exceptionDetails"])[:800])
        return result["result"].get("value")

    def close(self):
        self.process.kill()
        self.process.wait()
