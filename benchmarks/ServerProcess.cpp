//===- ServerProcess.cpp - A contender's server process ---------*- C++ -*-===//
//
// Part of the reduce project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ServerProcess.h"

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bench {

ServerProcess::ServerProcess(const std::vector<std::string> &argv,
                             bool keepStderr) {
  int in[2], out[2];
  if (argv.empty() || pipe(in) != 0)
    return;
  if (pipe(out) != 0) {
    close(in[0]);
    close(in[1]);
    return;
  }
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  pid = fork();
  if (pid == 0) {
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    if (!keepStderr) {
      int null = open("/dev/null", O_WRONLY);
      if (null >= 0)
        dup2(null, STDERR_FILENO);
    }
    // OpenBLAS tuning variables of the caller do not apply to this command.
    unsetenv("OPENBLAS_CORETYPE");
    unsetenv("OPENBLAS_L2_SIZE");
    execv(args[0], args.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    return;
  }
  toChild = in[1];
  fromChild = out[0];
  // A child that cannot start (no numpy) closes its end at once.
  signal(SIGPIPE, SIG_IGN);
  if (request("run 0").rfind("error", 0) == 0) {
    close(toChild);
    close(fromChild);
    toChild = fromChild = -1;
  }
}

ServerProcess::~ServerProcess() {
  if (toChild >= 0)
    close(toChild);
  if (fromChild >= 0)
    close(fromChild);
  if (pid > 0)
    waitpid(pid, nullptr, 0);
}

std::string ServerProcess::request(const std::string &command) {
  if (toChild < 0)
    return "error no server process";
  std::string line = command + "\n";
  for (size_t done = 0; done < line.size();) {
    ssize_t n = write(toChild, line.data() + done, line.size() - done);
    if (n <= 0)
      return "error the server process is gone";
    done += n;
  }
  std::string reply;
  char c;
  while (true) {
    ssize_t n = read(fromChild, &c, 1);
    if (n <= 0)
      return "error the server process is gone";
    if (c == '\n')
      return reply;
    reply += c;
  }
}

} // namespace bench
