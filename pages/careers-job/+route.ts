// Every open job has a page at /careers/<file name>: content/jobs/companion-caregiver.yaml -> /careers/companion-caregiver.
// /careers/thanks and /careers/not-sent are routes of their own (a job file may not take those names).
export default '/careers/@slug';
